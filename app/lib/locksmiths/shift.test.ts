import { describe, expect, it } from "vitest";
import { presenceAt, shiftEnd, shiftLabel, SHIFT_HOURS } from "./shift";

const NOW = new Date("2026-11-29T05:00:00Z");
const hoursLater = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe("a locksmith's shift", () => {
  it("ends the chosen hours after it starts", () => {
    for (const hours of SHIFT_HOURS) expect(shiftEnd(NOW, hours)).toEqual(hoursLater(hours));
    expect(shiftLabel(8)).toBe("8 hours");
  });

  it("keeps them Available until the shift's end, then Off since that end", () => {
    const stored = {
      presence: "available" as const,
      presenceChangedAt: NOW,
      availableUntil: hoursLater(4),
    };
    expect(presenceAt(stored, hoursLater(3.99))).toEqual({
      presence: "available",
      since: NOW,
      until: hoursLater(4),
    });
    expect(presenceAt(stored, hoursLater(4))).toEqual({
      presence: "off",
      since: hoursLater(4),
      until: null,
    });
  });

  it("leaves Off as Off, and an Available with no end as it is", () => {
    expect(
      presenceAt({ presence: "off", presenceChangedAt: NOW, availableUntil: null }, hoursLater(1)),
    ).toEqual({ presence: "off", since: NOW, until: null });
    expect(
      presenceAt(
        { presence: "available", presenceChangedAt: NOW, availableUntil: null },
        hoursLater(99),
      ),
    ).toEqual({ presence: "available", since: NOW, until: null });
  });
});
