import { expect, it } from "vitest";
import { REVIEW_FORM_FIELD, reviewFormSchema } from "./review-form";

const valid = { rating: "4", body: " Quick and kind. ", name: "Rosa L.", publishConsent: "on" };
const error = (value: Record<string, string>) => {
  const result = reviewFormSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
};

it("takes stars, words, a name and the consent to publish", () => {
  expect(reviewFormSchema.parse(valid)).toEqual({
    rating: 4,
    body: "Quick and kind.",
    name: "Rosa L.",
    publishConsent: true,
  });
  const { publishConsent: _, ...unticked } = valid;
  expect(reviewFormSchema.parse(unticked).publishConsent).toBe(false);
});

it("says what is wrong with each field", () => {
  expect(error({ ...valid, rating: "6" })).toEqual([REVIEW_FORM_FIELD.rating]);
  expect(error({ ...valid, rating: "" })).toEqual([REVIEW_FORM_FIELD.rating]);
  expect(error({ ...valid, body: "   " })).toEqual([REVIEW_FORM_FIELD.body]);
  expect(error({ ...valid, body: "x".repeat(2001) })).toEqual(["Keep it to 2,000 characters"]);
  expect(reviewFormSchema.safeParse({ ...valid, body: "x".repeat(2000) }).success).toBe(true);
  expect(error({ ...valid, name: "" })).toEqual([REVIEW_FORM_FIELD.name]);
  expect(error({ ...valid, name: "n".repeat(101) })).toEqual([REVIEW_FORM_FIELD.nameTooLong]);
});
