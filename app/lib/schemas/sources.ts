import { z } from "zod";
import { dollars } from "./jobs";
import { id, intent, phone, requiredText } from "./fields";

/*
 * Settings → Sources (decision 0039): the sources the business names, the tracking numbers
 * that say a call came through one, and what each cost in a month.
 */

export const SOURCE_NAME_MAX = 60;

export const SOURCES_TEXT = {
  nameRequired: "Enter the source's name",
  nameTaken: "There is already a source of that name",
  numberTaken: "That number already belongs to a source",
  sourceGone: "That source no longer exists",
  monthRequired: "Choose a month",
} as const;

export const sourceName = requiredText(SOURCES_TEXT.nameRequired, SOURCE_NAME_MAX, "Name");

/** "2026-11" from a month field: the month's first day, "2026-11-01". */
export const month = z
  .string({ error: SOURCES_TEXT.monthRequired })
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, SOURCES_TEXT.monthRequired)
  .transform((value) => `${value}-01`);

export const sourcesActionSchema = z.discriminatedUnion("intent", [
  intent("add-source", { name: sourceName }),
  intent("delete-source", { sourceId: id() }),
  intent("add-number", { sourceId: id(), phone }),
  intent("remove-number", { phone }),
  intent("set-spend", { sourceId: id(), month, amount: dollars }),
  intent("import-spend", {
    csv: z.string({ error: "Paste the CSV" }).trim().min(1, "Paste the CSV").max(20_000),
  }),
]);
