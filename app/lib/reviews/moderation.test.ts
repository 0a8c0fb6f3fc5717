import { describe, expect, it } from "vitest";
import { publicationByRule, publicationDue } from "./moderation";

const review = { verified: true, publishConsent: true, published: false, hiddenReason: null };

describe("reviews publish by rule", () => {
  it("a review is due its window after it came in", () => {
    const receivedAt = new Date("2026-11-25T03:10:00Z");
    expect(publicationDue(receivedAt, 48).toISOString()).toBe("2026-11-27T03:10:00.000Z");
    expect(publicationDue(receivedAt, 0)).toEqual(receivedAt);
  });

  it("a verified review the customer let us show is published, whatever its rating", () => {
    expect(publicationByRule(review)).toBe("publish");
  });

  it("a review hidden for a listed reason stays hidden", () => {
    expect(publicationByRule({ ...review, hiddenReason: "personal_data" })).toBe(
      "hidden for a reason",
    );
  });

  it("nothing is published without the customer's consent, or from outside a job", () => {
    expect(publicationByRule({ ...review, publishConsent: false })).toBe("not for the website");
    expect(publicationByRule({ ...review, verified: false })).toBe("not for the website");
  });

  it("a review the office already published is left as it is", () => {
    expect(publicationByRule({ ...review, published: true })).toBe("already published");
  });
});
