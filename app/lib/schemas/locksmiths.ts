import { z } from "zod";
import { DEFAULT_CUT_PERCENT, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "../money/job-split";
import { latestLicenseExpiry, licenseToday } from "../locksmiths/license";
import { FIELD } from "../ui-text";
import {
  emailOrNull,
  id,
  intent,
  optionalDay,
  optionalText,
  phone,
  requiredText,
  wholeNumber,
} from "./fields";

/** "60601, 60602,,60603 " → ["60601", "60602", "60603"]: trimmed, empties dropped, once each. */
export const zipList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value) => {
    const parts = Array.isArray(value) ? value : (value ?? "").split(",");
    return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  })
  .superRefine((zips, context) => {
    const bad = zips.filter((zip) => !/^\d{5}$/.test(zip));
    if (bad.length > 0) {
      context.addIssue({ code: "custom", message: `${FIELD.zipInvalid}: ${bad.join(", ")}` });
    }
    if (zips.length > 100) context.addIssue({ code: "custom", message: FIELD.zipTooMany });
  });

/** A locksmith's own license number, e.g. 153.012345: optional, saved as null when empty. */
const licenseNumber = optionalText(30, "License number").refine(
  (value) => value === null || /^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(value),
  FIELD.licenseCharacters,
);

/** The day the license runs out: optional; from 2000 to ten years ahead of today in Chicago. */
const licenseExpiresOn = optionalDay(() => latestLicenseExpiry(licenseToday()), {
  invalid: FIELD.licenseDate,
  tooLate: FIELD.licenseTooLate,
  tooEarly: FIELD.licenseTooEarly,
});

/** The add/edit dialog's fields. Active is not among them: the list's badge toggles it. */
const locksmithFields = {
  name: requiredText(FIELD.nameRequired, 100, "Name"),
  phone,
  email: emailOrNull,
  assignedZips: zipList,
  paymentMethod: optionalText(100, "Payment method"),
  defaultCutPercent: wholeNumber(
    FIELD.cutPercent,
    MIN_CUT_PERCENT,
    MAX_CUT_PERCENT,
    DEFAULT_CUT_PERCENT,
  ),
  licenseNumber,
  licenseExpiresOn,
};

export const locksmithCreateSchema = intent("create", locksmithFields);
export const locksmithUpdateSchema = intent("update", { id: id(), ...locksmithFields });
export type LocksmithInput = Omit<z.output<typeof locksmithCreateSchema>, "intent">;

/** The Locksmiths page's actions. */
export const locksmithActionSchema = z.discriminatedUnion("intent", [
  locksmithCreateSchema,
  locksmithUpdateSchema,
  intent("toggle", {
    locksmithId: id(),
    /** The state the badge asked for ("click to deactivate" → false). */
    active: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
]);
