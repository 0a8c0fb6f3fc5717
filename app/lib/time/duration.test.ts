import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59, "0:59"],
    [60, "1:00"],
    [75, "1:15"],
    [599, "9:59"],
    [3_725, "62:05"],
    [90.9, "1:30"],
    [-3, "0:00"],
    [null, "0:00"],
    [undefined, "0:00"],
    [Number.NaN, "0:00"],
  ])("shows %s seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
