import { describe, expect, it } from "vitest";
import { reconnectDelayMs } from "./reconnect-delay";

describe("reconnectDelayMs", () => {
  it("doubles from 1 s to at most 15 s", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelayMs(n, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000,
    ]);
  });

  it("spreads the browsers out by a fifth either way", () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(800);
    expect(reconnectDelayMs(0, () => 1)).toBe(1_200);
  });
});
