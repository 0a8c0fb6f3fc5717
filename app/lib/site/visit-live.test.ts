import { describe, expect, it } from "vitest";
import { visitVersion, visitWatched } from "./visit-live";

describe("visitVersion", () => {
  it("names the same page the same, and any change in what it shows differently", () => {
    const page = { stage: "assigned", quote: null, etaMinutes: null };
    expect(visitVersion(page)).toBe(visitVersion({ ...page }));
    expect(visitVersion({ ...page, stage: "on_the_way" })).not.toBe(visitVersion(page));
    expect(visitVersion({ ...page, quote: { amountCents: 13_500 } })).not.toBe(
      visitVersion({ ...page, quote: { amountCents: 13_600 } }),
    );
    expect(visitVersion(page)).toMatch(/^[0-9a-z]{1,7}$/);
  });
});

describe("visitWatched", () => {
  const done = { stage: "done" as const, payLink: null, receipt: { number: "R-1" } };

  it("watches while a locksmith is found, comes or quotes", () => {
    for (const stage of ["finding", "assigned", "on_the_way", "arrived"] as const) {
      expect(visitWatched({ ...done, stage })).toBe(true);
    }
  });

  it("stops once the job is done with its receipt and nothing is left to pay by card", () => {
    expect(visitWatched(done)).toBe(false);
    expect(visitWatched({ ...done, stage: "closed" })).toBe(false);
    expect(visitWatched({ ...done, payLink: { amountCents: 0 } })).toBe(false);
  });

  it("keeps watching a done job whose card payment has not been confirmed, or with no receipt yet", () => {
    expect(visitWatched({ ...done, payLink: { amountCents: 18_500 } })).toBe(true);
    expect(visitWatched({ ...done, receipt: null })).toBe(true);
  });
});
