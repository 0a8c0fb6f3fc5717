import { z } from "zod";
import { DEFAULT_RETENTION, RETENTION_YEARS_MAX } from "../door-check/retention";
import { wholeNumber } from "./fields";

/*
 * Settings → Door checks (issue 49, decision 0069): how many years door-check records are
 * kept, never below the legal minimum the business enters. Whole years, 1 to
 * RETENTION_YEARS_MAX; an empty field takes the default (3, the ALOA policy's).
 */

export const RETENTION_YEARS_INVALID = `Enter whole years from 1 to ${RETENTION_YEARS_MAX}`;
export const RETENTION_BELOW_MINIMUM =
  "Keep records at least as long as the legal minimum: raise the years, or correct the minimum";

export const doorCheckSettingsSchema = z
  .object({
    intent: z.literal("save"),
    years: wholeNumber(RETENTION_YEARS_INVALID, 1, RETENTION_YEARS_MAX, DEFAULT_RETENTION.years),
    legalMinimumYears: wholeNumber(
      RETENTION_YEARS_INVALID,
      1,
      RETENTION_YEARS_MAX,
      DEFAULT_RETENTION.legalMinimumYears,
    ),
    // A checkbox (decision 0077): sent as "on" when ticked, absent when not.
    keepIdPhoto: z.preprocess((value) => value === "on", z.boolean()),
  })
  .superRefine((value, context) => {
    if (value.years < value.legalMinimumYears) {
      context.addIssue({ code: "custom", path: ["years"], message: RETENTION_BELOW_MINIMUM });
    }
  });
