import { describe, expect, it } from "vitest";
import { reviewFormSchema } from "./review-schemas";

const valid = {
  customerName: " Maria G. ",
  areaSlug: "oak-lawn",
  rating: "5",
  category: "car_lockout",
  body: "Fast and friendly, opened my car in minutes.",
  verified: "on",
};

describe("reviewFormSchema", () => {
  it("accepts a complete review and reads checkboxes", () => {
    const review = reviewFormSchema.parse(valid);
    expect(review).toMatchObject({
      customerName: "Maria G.",
      rating: 5,
      verified: true,
      published: false,
    });
  });

  it("explains each missing or wrong field", () => {
    const result = reviewFormSchema.safeParse({ rating: "9", category: "plumbing", body: "short" });
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      customerName: "Customer name is required",
      areaSlug: "Choose the customer's area",
      rating: "Choose a rating from 1 to 5",
      category: "Choose what the job was",
      body: "The review text must be at least 10 characters",
    });
  });

  it("takes only the areas we serve", () => {
    for (const areaSlug of ["", "atlantis", "oak-lawn-locksmith"]) {
      const result = reviewFormSchema.safeParse({ ...valid, areaSlug });
      expect(result.error?.issues).toMatchObject([
        { path: ["areaSlug"], message: "Choose the customer's area" },
      ]);
    }
  });
});
