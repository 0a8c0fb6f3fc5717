import { z } from "zod";
import { DISPATCH_CODE_STATUSES } from "../business-enums";
import {
  CODE_PATTERN,
  DEFAULT_EXPIRATION_HOURS,
  MAX_CODE_LENGTH,
  MAX_EXPIRATION_HOURS,
  MIN_EXPIRATION_HOURS,
  normalizeCode,
} from "../dispatch/dispatch-code";
import { FIELD } from "../ui-text";
import { id, intent, optionalId, wholeNumber } from "./fields";

export const EXPIRATION_HOURS_MESSAGE = `Enter a whole number of hours from ${MIN_EXPIRATION_HOURS} to ${MAX_EXPIRATION_HOURS}`;

/**
 * Generate Code: the code is forced to upper case, empty choices are null
 * (docs/spec/back-office.md §5).
 */
export const dispatchCodeCreateSchema = intent("create", {
  code: z
    .string({ error: FIELD.codeRequired })
    .transform(normalizeCode)
    .pipe(
      z
        .string()
        .min(1, FIELD.codeRequired)
        .max(MAX_CODE_LENGTH, `Use at most ${MAX_CODE_LENGTH} characters`)
        .regex(CODE_PATTERN, FIELD.codeCharacters),
    ),
  leadId: optionalId(FIELD.chooseLead),
  locksmithId: optionalId(FIELD.chooseLocksmith),
  expirationHours: wholeNumber(
    EXPIRATION_HOURS_MESSAGE,
    MIN_EXPIRATION_HOURS,
    MAX_EXPIRATION_HOURS,
    DEFAULT_EXPIRATION_HOURS,
  ),
});

/** The Dispatch Codes page's actions. */
export const dispatchCodeActionSchema = z.discriminatedUnion("intent", [
  dispatchCodeCreateSchema,
  intent("status", {
    codeId: id(),
    status: z.enum(DISPATCH_CODE_STATUSES, { error: FIELD.chooseStatus }),
  }),
]);
