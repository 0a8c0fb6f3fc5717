import { z } from "zod";
import { MODERATION_HOURS } from "../reviews/moderation";
import { wholeNumber } from "./fields";

/* Settings → Reviews: the moderation window, in whole hours; an empty field takes the default. */

export const MODERATION_HOURS_INVALID = `Enter whole hours from ${MODERATION_HOURS.min} to ${MODERATION_HOURS.max}`;

export const reviewSettingsSchema = z.object({
  intent: z.literal("save"),
  moderationHours: wholeNumber(
    MODERATION_HOURS_INVALID,
    MODERATION_HOURS.min,
    MODERATION_HOURS.max,
    MODERATION_HOURS.default,
  ),
});
