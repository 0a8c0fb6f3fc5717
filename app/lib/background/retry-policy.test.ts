import { describe, expect, it } from "vitest";
import { afterFailure, backoffMs, TEXT_RETRY, TIMER_RETRY, type RetryPolicy } from "./retry-policy";

const policy: RetryPolicy = { maxAttempts: 4, baseMs: 1_000, maxMs: 5_000, jitter: 0.5 };
const noJitter = () => 0;
const mostJitter = () => 0.999_999;
const now = new Date("2026-11-29T08:00:00Z");

describe("backoffMs", () => {
  it("doubles the wait with each failed try, from the base", () => {
    expect([1, 2, 3].map((n) => backoffMs(policy, n, noJitter))).toEqual([1_000, 2_000, 4_000]);
  });

  it("never waits longer than the ceiling, however many tries failed", () => {
    expect(backoffMs(policy, 4, noJitter)).toBe(5_000);
    expect(backoffMs(policy, 1_000, noJitter)).toBe(5_000);
  });

  it("adds up to its share of jitter, and jitter never passes the ceiling", () => {
    expect(backoffMs(policy, 1, mostJitter)).toBe(1_500);
    expect(backoffMs(policy, 2, () => 0.25)).toBe(2_250);
    // 4 s plus half would be 6 s: held at the 5 s ceiling.
    expect(backoffMs(policy, 3, mostJitter)).toBe(5_000);
  });

  it("treats the first try (or none) as the base wait", () => {
    expect(backoffMs(policy, 0, noJitter)).toBe(1_000);
    expect(backoffMs(policy, -3, noJitter)).toBe(1_000);
  });

  it("keeps the texts' waits of before: 30 s, 1, 2 and 4 minutes", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(TEXT_RETRY, n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 240_000,
    ]);
  });

  it("gives a failing timer about ten minutes of tries, never the every-5-seconds of before", () => {
    const waits = Array.from({ length: TIMER_RETRY.maxAttempts - 1 }, (_, i) =>
      backoffMs(TIMER_RETRY, i + 1, noJitter),
    );
    expect(waits[0]).toBe(5_000);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(5 * 60_000);
    expect(total).toBeLessThan(20 * 60_000);
  });
});

describe("afterFailure", () => {
  it("retries after the backoff until the last try, then the work is dead", () => {
    expect(afterFailure(policy, 1, now, noJitter)).toEqual({
      kind: "retry",
      at: new Date(now.getTime() + 1_000),
    });
    expect(afterFailure(policy, 3, now, noJitter)).toEqual({
      kind: "retry",
      at: new Date(now.getTime() + 4_000),
    });
    expect(afterFailure(policy, 4, now)).toEqual({ kind: "dead" });
    expect(afterFailure(policy, 9, now)).toEqual({ kind: "dead" });
  });
});
