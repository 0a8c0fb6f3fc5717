import { describe, expect, it } from "vitest";
import { countdownText, OFFICE_OFFER_MINUTES, officeOfferDeadline } from "./offer-deadline";

const NOW = new Date("2026-11-29T05:00:00Z");
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe("an offer's deadline", () => {
  it("stands the office's minutes from the moment it is sent", () => {
    expect(officeOfferDeadline(NOW).getTime() - NOW.getTime()).toBe(OFFICE_OFFER_MINUTES * 60_000);
  });

  it("counts down in minutes and seconds, rounding a part second up", () => {
    expect(countdownText(after(10 * 60_000), NOW)).toBe("10:00 left");
    expect(countdownText(after(179_500), NOW)).toBe("3:00 left");
    expect(countdownText(after(61_000), NOW)).toBe("1:01 left");
    expect(countdownText(after(1), NOW)).toBe("0:01 left");
  });

  it("shows hours when an offer stands that long", () => {
    expect(countdownText(after(3_725_000), NOW)).toBe("1:02:05 left");
  });

  it("says the time is up at and after the deadline", () => {
    expect(countdownText(NOW, NOW)).toBe("Time is up");
    expect(countdownText(after(-5000), NOW)).toBe("Time is up");
  });
});
