import { describe, expect, it } from "vitest";
import { REVEAL_THRESHOLD, revealDelay } from "./reveal";

describe("revealDelay", () => {
  it("staggers by 50 ms per card", () => {
    expect(revealDelay(0)).toBe(0);
    expect(revealDelay(1)).toBe(50);
    expect(revealDelay(5)).toBe(250);
  });

  it("caps the delay at 300 ms", () => {
    expect(revealDelay(6)).toBe(300);
    expect(revealDelay(40)).toBe(300);
  });

  // docs/spec/public-site.md §9.
  it("uses the spec's visibility threshold", () => {
    expect(REVEAL_THRESHOLD).toBe(0.05);
  });
});
