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
  monthAhead: "Spend is for a month that has begun: choose this month or an earlier one",
  directionCharacters:
    "The name contains a text-direction character (like U+202E), which would show it reversed: type it again without",
  businessNumber:
    "That is the business's own number: calls to it come from every source, so it cannot be one source's tracking number",
} as const;

/** Characters that turn text around on screen (Trojan Source): never in a name. */
export const DIRECTION_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const sourceName = requiredText(SOURCES_TEXT.nameRequired, SOURCE_NAME_MAX, "Name").refine(
  (value) => !DIRECTION_CHARACTERS.test(value),
  SOURCES_TEXT.directionCharacters,
);

/** "2026-11": the month now, anywhere in the US (a day of slack either side of Chicago's). */
function latestMonth(now = new Date()): string {
  const ahead = new Date(now.getTime() + 86_400_000);
  return `${ahead.getUTCFullYear()}-${String(ahead.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** "2026-11" from a month field: the month's first day, "2026-11-01". */
export const month = z
  .string({ error: SOURCES_TEXT.monthRequired })
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, SOURCES_TEXT.monthRequired)
  .refine((value) => value <= latestMonth(), SOURCES_TEXT.monthAhead)
  .transform((value) => `${value}-01`);

/** Google Local Services (issue 51): the Ads account's customer ID and the OAuth refresh token. */
export const LSA_CONNECT_TEXT = {
  customerId: "Enter the Google Ads customer ID, 10 digits (123-456-7890)",
  refreshToken: "Paste the OAuth refresh token made for this account",
} as const;

export const lsaCustomerId = z
  .string({ error: LSA_CONNECT_TEXT.customerId })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{10}$/, LSA_CONNECT_TEXT.customerId));

export const lsaRefreshToken = z
  .string({ error: LSA_CONNECT_TEXT.refreshToken })
  .trim()
  .min(10, LSA_CONNECT_TEXT.refreshToken)
  .max(2_000, LSA_CONNECT_TEXT.refreshToken)
  .regex(/^[\x21-\x7e]+$/, LSA_CONNECT_TEXT.refreshToken);

export const sourcesActionSchema = z.discriminatedUnion("intent", [
  intent("lsa-connect", { customerId: lsaCustomerId, refreshToken: lsaRefreshToken }),
  intent("lsa-disconnect", {}),
  intent("add-source", { name: sourceName }),
  intent("delete-source", { sourceId: id() }),
  intent("add-number", { sourceId: id(), phone }),
  intent("remove-number", { phone }),
  intent("set-spend", { sourceId: id(), month, amount: dollars }),
  intent("import-spend", {
    csv: z.string({ error: "Paste the CSV" }).trim().min(1, "Paste the CSV").max(20_000),
  }),
]);
