import { z } from "zod";
import { MAX_KEEP_DONE_DAYS } from "../background/retry-policy";
import { id, intent, parseWholeNumber } from "./fields";

/*
 * Settings → Failed background work (decision 0060): a row's Retry now and Drop (a dead timer
 * or a text that did not go), and how many days finished work is kept.
 */

export const KEEP_DAYS_ERROR = `Enter a whole number of days from 1 to ${MAX_KEEP_DONE_DAYS}.`;

const row = { work: z.enum(["timer", "text"]), workId: id() };

export const failedWorkActionSchema = z.discriminatedUnion("intent", [
  intent("retry", row),
  intent("drop", row),
  intent("keep", {
    keepDoneDays: z
      .string({ error: KEEP_DAYS_ERROR })
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: KEEP_DAYS_ERROR })
          .min(1, KEEP_DAYS_ERROR)
          .max(MAX_KEEP_DONE_DAYS, KEEP_DAYS_ERROR),
      ),
  }),
]);
