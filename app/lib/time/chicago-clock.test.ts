import { afterEach, describe, expect, it } from "vitest";
import {
  adoptChicagoOffsets,
  chicagoOffsetsAround,
  chicagoWallClock,
  mediumDate,
  shortTime,
  WALL_CLOCK_PARTS,
} from "./chicago-clock";

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "2026-03-08 01:59": the wall clock as text, to read a table of instants at a glance. */
const wall = (iso: string) => {
  const { year, month, day, hour, minute } = chicagoWallClock(new Date(iso));
  const two = (value: number) => String(value).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
};

describe("chicagoWallClock", () => {
  it("is six hours behind UTC in winter and five in summer", () => {
    expect(wall("2026-01-15T18:00:00Z")).toBe("2026-01-15 12:00");
    expect(wall("2026-07-15T18:00:00Z")).toBe("2026-07-15 13:00");
    expect(chicagoWallClock(new Date("2026-11-27T09:04:00Z"))).toEqual({
      year: 2026,
      month: 11,
      day: 27,
      hour: 3,
      minute: 4,
    });
  });

  it("springs forward at 2 AM on the second Sunday of March: 1:59 AM, then 3:00 AM", () => {
    // 2026: March 8; 2027: March 14.
    expect(wall("2026-03-08T07:59:00Z")).toBe("2026-03-08 01:59");
    expect(wall("2026-03-08T08:00:00Z")).toBe("2026-03-08 03:00");
    expect(wall("2026-03-08T08:30:00Z")).toBe("2026-03-08 03:30");
    expect(wall("2027-03-14T07:59:00Z")).toBe("2027-03-14 01:59");
    expect(wall("2027-03-14T08:00:00Z")).toBe("2027-03-14 03:00");
    // The Sunday before is still standard time all day.
    expect(wall("2026-03-01T08:00:00Z")).toBe("2026-03-01 02:00");
  });

  it("falls back at 2 AM on the first Sunday of November: the hour from 1 AM comes twice", () => {
    // 2026: November 1. 1:30 AM daylight time, then, an hour later, 1:30 AM standard time.
    expect(wall("2026-11-01T05:59:00Z")).toBe("2026-11-01 00:59");
    expect(wall("2026-11-01T06:00:00Z")).toBe("2026-11-01 01:00");
    expect(wall("2026-11-01T06:30:00Z")).toBe("2026-11-01 01:30");
    expect(wall("2026-11-01T06:59:00Z")).toBe("2026-11-01 01:59");
    expect(wall("2026-11-01T07:00:00Z")).toBe("2026-11-01 01:00");
    expect(wall("2026-11-01T07:30:00Z")).toBe("2026-11-01 01:30");
    expect(wall("2026-11-01T07:59:00Z")).toBe("2026-11-01 01:59");
    expect(wall("2026-11-01T08:00:00Z")).toBe("2026-11-01 02:00");
    // 2027: November 7.
    expect(wall("2027-11-07T06:30:00Z")).toBe("2027-11-07 01:30");
    expect(wall("2027-11-07T07:30:00Z")).toBe("2027-11-07 01:30");
    expect(wall("2027-11-07T08:30:00Z")).toBe("2027-11-07 02:30");
  });

  it("changes the date at Chicago's midnight, not UTC's", () => {
    expect(wall("2027-01-01T05:59:00Z")).toBe("2026-12-31 23:59");
    expect(wall("2027-01-01T06:00:00Z")).toBe("2027-01-01 00:00");
    expect(wall("2026-07-01T04:59:00Z")).toBe("2026-06-30 23:59");
  });

  it("reads years before the current rule and far ahead from the same data", () => {
    // 2006: daylight time still began on the first Sunday of April.
    expect(wall("2006-03-12T09:00:00Z")).toBe("2006-03-12 03:00");
    expect(wall("2006-04-02T09:00:00Z")).toBe("2006-04-02 04:00");
    expect(wall("2105-01-10T12:00:00Z")).toBe("2105-01-10 06:00");
  });

  it("gives NaN for an invalid date instead of throwing", () => {
    expect(chicagoWallClock(new Date("not a date"))).toEqual({
      year: NaN,
      month: NaN,
      day: NaN,
      hour: NaN,
      minute: NaN,
    });
  });
});

describe("mediumDate and shortTime", () => {
  it("write what en-US's medium date and short time styles write", () => {
    const dateStyle = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeZone: "America/Chicago",
    });
    const timeStyle = new Intl.DateTimeFormat("en-US", {
      timeStyle: "short",
      timeZone: "America/Chicago",
    });
    for (let hour = 0; hour < 48; hour++) {
      const instant = new Date(Date.UTC(2026, 0, 31, hour, (hour * 7) % 60));
      const clock = chicagoWallClock(instant);
      expect(mediumDate(clock)).toBe(plain(dateStyle.format(instant)));
      expect(shortTime(clock)).toBe(plain(timeStyle.format(instant)));
    }
  });

  it("write the repeated hour of the fall-back night the same both times", () => {
    for (const iso of ["2026-11-01T06:30:00Z", "2026-11-01T07:30:00Z"]) {
      const clock = chicagoWallClock(new Date(iso));
      expect(`${mediumDate(clock)}, ${shortTime(clock)}`).toBe("Nov 1, 2026, 1:30 AM");
    }
  });
});

describe("adoptChicagoOffsets", () => {
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    ...WALL_CLOCK_PARTS,
  });
  const formatted = (instant: Date) =>
    Object.fromEntries(
      formatter
        .formatToParts(instant)
        .filter(({ type }) => type !== "literal")
        .map(({ type, value }) => [type, Number(value)]),
    );

  afterEach(() => adoptChicagoOffsets(undefined));

  it("reads the same wall clock as the formatter every five hours across the server's table, and around each change", () => {
    const now = Date.UTC(2026, 10, 28, 15);
    const offsets = chicagoOffsetsAround(now);
    expect(offsets.from).toBeLessThanOrEqual(now - 2 * 365 * 86_400_000);
    expect(offsets.to).toBeGreaterThanOrEqual(now + 365 * 86_400_000);
    expect(offsets.changes.length).toBeGreaterThanOrEqual(6);
    adoptChicagoOffsets(offsets);
    const instants: number[] = [];
    for (let time = offsets.from; time < offsets.to; time += 5 * 3_600_000 + 61_000)
      instants.push(time);
    for (const [startsAt] of offsets.changes.slice(1)) {
      for (let minute = -61; minute <= 61; minute++)
        instants.push(startsAt + minute * 60_000 + 17_000);
    }
    for (const time of instants) {
      expect(chicagoWallClock(new Date(time)), new Date(time).toISOString()).toEqual(
        formatted(new Date(time)),
      );
    }
  });

  it("uses the adopted table inside its span, and the formatter outside it", () => {
    const from = Date.UTC(2026, 0, 1);
    // A table that is not Chicago's (seven hours behind): its readings show which path ran.
    adoptChicagoOffsets({ from, to: Date.UTC(2027, 0, 1), changes: [[from, -420]] });
    expect(wall("2026-07-15T18:00:00Z")).toBe("2026-07-15 11:00");
    expect(wall("2027-07-15T18:00:00Z")).toBe("2027-07-15 13:00");
    expect(wall("2025-12-31T18:00:00Z")).toBe("2025-12-31 12:00");
    expect(chicagoWallClock(new Date("not a date")).year).toBeNaN();
  });
});
