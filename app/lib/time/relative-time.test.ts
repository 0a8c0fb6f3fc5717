import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const now = new Date("2026-03-03T12:00:00Z");
const before = (ms: number) => new Date(now.getTime() - ms);

describe("timeAgo", () => {
  it.each([
    [0, "just now"],
    [59_000, "just now"],
    [-30_000, "just now"], // a clock slightly ahead of ours
    [60_000, "1 minute ago"],
    [5 * 60_000 + 30_000, "5 minutes ago"],
    [3_600_000, "1 hour ago"],
    [2 * 3_600_000 + 59 * 60_000, "2 hours ago"],
    [86_400_000, "yesterday"],
    [12 * 86_400_000, "12 days ago"],
  ])("%s ms ago reads %s", (ms, text) => {
    expect(timeAgo(before(ms), now)).toBe(text);
  });
});
