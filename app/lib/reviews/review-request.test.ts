import { expect, it } from "vitest";
import { reviewCategoryFor, reviewPath } from "./review-request";

it("files a job's review under its service's category, and links by token", () => {
  expect(reviewCategoryFor("automotive")).toBe("car_lockout");
  expect(reviewCategoryFor("commercial")).toBe("commercial");
  expect(reviewCategoryFor("rekeying")).toBe("rekey");
  expect(reviewCategoryFor("emergency")).toBe("house_lockout");
  expect(reviewPath("abc")).toBe("/review/abc");
});
