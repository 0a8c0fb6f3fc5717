import { describe, expect, it } from "vitest";
import type { ReviewCategory } from "./review-categories";
import {
  ratingSummary,
  reviewReach,
  selectHomeReviews,
  selectReviewsForArea,
  type PublicReview,
} from "./review-selection";

let serial = 0;
function review(
  areaSlug: string,
  category: ReviewCategory,
  daysAgo: number,
  rating = 5,
): PublicReview {
  serial += 1;
  return {
    id: `r${String(serial).padStart(3, "0")}`,
    customerName: `Customer ${serial}`,
    areaSlug,
    rating,
    body: "Fast and friendly.",
    category,
    verified: true,
    createdAt: new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000),
  };
}

const REGIONS: Record<string, string> = {
  "oak-lawn": "Southwest Suburbs",
  burbank: "Southwest Suburbs",
  "park-forest": "South Suburbs",
};
const regionOf = (slug: string) => REGIONS[slug];
const oakLawn = { slug: "oak-lawn", region: "Southwest Suburbs" };

describe("selectReviewsForArea", () => {
  it("prefers the same city, then the same region, then anywhere", () => {
    const far = review("park-forest", "rekey", 1);
    const near = review("burbank", "house_lockout", 2);
    const here = review("oak-lawn", "car_lockout", 30);
    const picked = selectReviewsForArea([far, near, here], oakLawn, regionOf);
    expect(picked.map((r) => r.id)).toEqual([here.id, near.id, far.id]);
  });

  it("takes one per category before a second of any, up to the limit", () => {
    const cars = [1, 2, 3].map((days) => review("oak-lawn", "car_lockout", days));
    const rekey = review("oak-lawn", "rekey", 10);
    const commercial = review("burbank", "commercial", 5);
    const picked = selectReviewsForArea([...cars, rekey, commercial], oakLawn, regionOf, 4);
    expect(picked).toHaveLength(4);
    expect(picked).toContain(rekey);
    expect(picked).toContain(commercial);
    // Within the city, newest first.
    expect(picked[0]).toBe(cars[0]);
  });

  it("gives the same page for the same reviews, whatever order they come in", () => {
    const all = ["car_lockout", "rekey", "commercial", "house_lockout", "rekey"].map(
      (category, i) => review(i % 2 ? "burbank" : "oak-lawn", category as ReviewCategory, i),
    );
    const once = selectReviewsForArea(all, oakLawn, regionOf);
    expect(selectReviewsForArea([...all].reverse(), oakLawn, regionOf)).toEqual(once);
  });

  it("shows none when there are none", () => {
    expect(selectReviewsForArea([], oakLawn, regionOf)).toEqual([]);
  });
});

describe("selectHomeReviews", () => {
  it("takes the newest, spread over categories, at most six", () => {
    const all = Array.from({ length: 10 }, (_, i) =>
      review("oak-lawn", i < 7 ? "car_lockout" : "rekey", i),
    );
    const picked = selectHomeReviews(all);
    expect(picked).toHaveLength(6);
    expect(picked.some((r) => r.category === "rekey")).toBe(true);
    expect(picked[0]).toBe(all[0]);
  });
});

describe("ratingSummary", () => {
  it("is the published reviews' average to one decimal, and their count", () => {
    // 5 + 5 + 1 over three published reviews.
    expect(ratingSummary({ count: 3, ratingTotal: 11 })).toEqual({
      ratingValue: 3.7,
      reviewCount: 3,
    });
    expect(ratingSummary({ count: 2, ratingTotal: 9 })).toEqual({
      ratingValue: 4.5,
      reviewCount: 2,
    });
    expect(ratingSummary({ count: 0, ratingTotal: 0 })).toBeUndefined();
  });
});

describe("reviewReach", () => {
  const from = (...slugs: string[]) => slugs.map((areaSlug) => ({ areaSlug }));

  it("says the city when every review is from it", () => {
    expect(reviewReach(from("oak-lawn", "oak-lawn"), oakLawn, regionOf)).toBe("city");
  });

  it("says in and around when the city and its region share the reviews", () => {
    expect(reviewReach(from("oak-lawn", "burbank"), oakLawn, regionOf)).toBe("around");
  });

  it("says the region when none is from the city", () => {
    expect(reviewReach(from("burbank"), oakLawn, regionOf)).toBe("region");
  });

  it("says wider as soon as one is from another region", () => {
    expect(reviewReach(from("oak-lawn", "park-forest"), oakLawn, regionOf)).toBe("wider");
  });
});
