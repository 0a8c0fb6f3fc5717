import { z } from "zod";
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX } from "../reviews/review-request";
import { parseWholeNumber } from "./fields";

/** The customer's review form (/review/:token): what each field says when it is wrong. */
export const REVIEW_FORM_FIELD = {
  rating: "Choose from 1 to 5 stars",
  body: "Tell us in a few words how it went",
  bodyTooLong: `Keep it to ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`,
  name: "Enter the name to show with your review",
  nameTooLong: `Keep the name to ${REVIEW_NAME_MAX} characters`,
} as const;

const M = REVIEW_FORM_FIELD;

export const reviewFormSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && value !== "" ? parseWholeNumber(value) : value),
    z.number({ error: M.rating }).int(M.rating).min(1, M.rating).max(5, M.rating),
  ),
  body: z.string({ error: M.body }).trim().min(1, M.body).max(REVIEW_TEXT_MAX, M.bodyTooLong),
  name: z.string({ error: M.name }).trim().min(1, M.name).max(REVIEW_NAME_MAX, M.nameTooLong),
  publishConsent: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
