import { describe, expect, it } from "vitest";
import { reviewActionSchema } from "./reviews";

const valid = {
  intent: "create",
  customerName: " Maria G. ",
  areaSlug: "oak-lawn",
  rating: "5",
  category: "car_lockout",
  body: "Fast and friendly, opened my car in minutes.",
  published: "on",
  // A forged field: hand-typed reviews cannot claim to be verified.
  verified: "on",
};

describe("the review form", () => {
  it("accepts a complete review and reads checkboxes", () => {
    const review = reviewActionSchema.parse(valid);
    expect(review).toMatchObject({
      customerName: "Maria G.",
      rating: 5,
      published: true,
    });
    expect(review).not.toHaveProperty("verified");
  });

  it("takes an unpublish reason from the list, or none", () => {
    const id = "6f1c2c52-8f5e-4a61-9d5e-2c2f1f9f3a10";
    expect(reviewActionSchema.parse({ intent: "unpublish", id, reason: "abuse" })).toMatchObject({
      reason: "abuse",
    });
    expect(reviewActionSchema.parse({ intent: "unpublish", id, reason: "" })).toMatchObject({
      reason: undefined,
    });
    expect(reviewActionSchema.safeParse({ intent: "unpublish", id, reason: "bad" }).success).toBe(
      false,
    );
  });

  it("explains each missing or wrong field", () => {
    const result = reviewActionSchema.safeParse({
      intent: "create",
      rating: "9",
      category: "plumbing",
      body: "short",
    });
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
      const result = reviewActionSchema.safeParse({ ...valid, areaSlug });
      expect(result.error?.issues).toMatchObject([
        { path: ["areaSlug"], message: "Choose the customer's area" },
      ]);
    }
  });
});

describe("the Reviews page's other actions", () => {
  it("name a review by its id, and nothing else", () => {
    const id = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    for (const intent of ["publish", "unpublish", "delete"]) {
      expect(reviewActionSchema.parse({ intent, id })).toEqual({ intent, id });
      expect(reviewActionSchema.safeParse({ intent, id: "1 or 1=1" }).success).toBe(false);
    }
    expect(reviewActionSchema.safeParse({ ...valid, intent: "update" }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ ...valid, intent: "update", id }).success).toBe(true);
  });
});
