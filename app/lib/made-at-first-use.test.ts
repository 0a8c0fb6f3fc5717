import { describe, expect, it, vi } from "vitest";
import { madeAtFirstUse } from "./made-at-first-use";

describe("madeAtFirstUse", () => {
  it("makes nothing until asked, then makes the value once and keeps it", () => {
    const make = vi.fn(() => ({ made: true }));
    const value = madeAtFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
