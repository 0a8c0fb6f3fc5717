import { z } from "zod";
import { complianceActionSchema } from "./compliance";
import { w9Schema } from "./tax";
import { parseShifts } from "../dispatch/on-call";
import { DEFAULT_SHIFT_HOURS, SHIFT_HOURS, type ShiftHours } from "../locksmiths/shift";
import { id, intent } from "./fields";

/*
 * The roster's forms: a locksmith's own page (/l/:token: Available, Off, open a job) and the
 * office's page for one locksmith (their schedule, Available/Off, their link).
 */

const presence = z.enum(["available", "off"], { message: "Choose Available or Off." });

/** How long Available lasts (decision 0057): one of the shifts offered; missing, the default. */
const hours = z
  .string()
  .nullish()
  .transform((text, context): ShiftHours => {
    if (!text) return DEFAULT_SHIFT_HOURS;
    const chosen = SHIFT_HOURS.find((choice) => String(choice) === text.trim());
    if (chosen) return chosen;
    context.addIssue({ code: "custom", message: "Choose how many hours." });
    return z.NEVER;
  });

export const locksmithPageActionSchema = z.discriminatedUnion("intent", [
  intent("presence", { presence, hours }),
  intent("open", { assignmentId: id() }),
]);

/** "Mon 18:00–Tue 06:00", one a line, read into shifts; the line that is not one is said. */
const shifts = z
  .string()
  .max(2000, "Too long: one shift a line, at most 21.")
  .nullish()
  .transform((text, context) => {
    const reading = parseShifts(text ?? "");
    if ("error" in reading) {
      context.addIssue({ code: "custom", message: reading.error });
      return z.NEVER;
    }
    return reading.shifts;
  });

export const locksmithRosterActionSchema = z.discriminatedUnion("intent", [
  intent("schedule", { shifts }),
  intent("presence", { presence, hours }),
  intent("send-link", {}),
]);

/** The locksmith's page: the roster's actions, their compliance file (issue 45) and W-9 (issue 49). */
export const locksmithOfficeActionSchema = z.discriminatedUnion("intent", [
  ...locksmithRosterActionSchema.options,
  ...complianceActionSchema.options,
  w9Schema,
]);
