import { z } from "zod";
import { serviceAreas } from "~/content/service-areas";
import { HIDE_REASONS_BY_POLICY, REVIEW_CATEGORIES } from "../reviews/review-categories";
import { id, intent, wholeNumberInput } from "./fields";

const AREA_SLUGS = new Set(serviceAreas.map((area) => area.slug));

export const REVIEW_STATUSES = ["published", "draft"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** An HTML checkbox: present ("on") when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const reviewFields = {
  customerName: z
    .string({ error: "Customer name is required" })
    .trim()
    .min(1, "Customer name is required")
    .max(80, "Keep the name under 80 characters"),
  areaSlug: z
    .string({ error: "Choose the customer's area" })
    .refine((slug) => AREA_SLUGS.has(slug), "Choose the customer's area"),
  rating: z.preprocess(
    (value) => wholeNumberInput(value),
    z
      .number({ error: "Choose a rating from 1 to 5" })
      .int("Choose a rating from 1 to 5")
      .min(1, "Choose a rating from 1 to 5")
      .max(5, "Choose a rating from 1 to 5"),
  ),
  category: z.enum(REVIEW_CATEGORIES, { error: "Choose what the job was" }),
  body: z
    .string({ error: "The review text is required" })
    .trim()
    .min(10, "The review text must be at least 10 characters")
    .max(1000, "Keep the review under 1,000 characters"),
  published: ticked,
};

export const reviewCreateSchema = intent("create", reviewFields);
export const reviewUpdateSchema = intent("update", { id: id("Unknown review"), ...reviewFields });
export type ReviewForm = Omit<z.output<typeof reviewCreateSchema>, "intent">;

const reviewId = { id: id("Unknown review") };

/** The Reviews page's actions. */
export const reviewActionSchema = z.discriminatedUnion("intent", [
  reviewCreateSchema,
  reviewUpdateSchema,
  intent("publish", reviewId),
  intent("unpublish", {
    ...reviewId,
    // Hidden for a policy reason, kept on record; empty: just not on the website for now.
    reason: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(HIDE_REASONS_BY_POLICY, { error: "Choose a reason" }).optional(),
    ),
  }),
  intent("delete", reviewId),
]);
