import { describe, expect, it } from "vitest";
import {
  describeSchedule,
  formatShifts,
  isOnCall,
  isOnCallTonight,
  minuteOfWeek,
  parseShifts,
  type OnCallShift,
} from "./on-call";

// November: Chicago is UTC-6. 2026-11-25 is a Wednesday.
const chicago = (local: string) => new Date(`${local}-06:00`);

function shifts(text: string): OnCallShift[] {
  const reading = parseShifts(text);
  if ("error" in reading) throw new Error(reading.error);
  return reading.shifts;
}

describe("on-call schedule", () => {
  it("counts minutes of the week from Monday midnight, Chicago time", () => {
    expect(minuteOfWeek(chicago("2026-11-23T00:00:00"))).toBe(0);
    expect(minuteOfWeek(chicago("2026-11-25T09:40:00"))).toBe(2 * 1440 + 9 * 60 + 40);
    // Summer: UTC-5; 18:00 local is still 18:00.
    expect(minuteOfWeek(new Date("2026-07-06T23:00:00Z"))).toBe(18 * 60);
  });

  it("reads shifts across midnight, within a day, and over the week's end", () => {
    const week = shifts("Mon 18:00–Tue 06:00\nsat 8:00-16:00\n\nSunday 22:00 to 06:00");
    expect(formatShifts(week)).toBe("Mon 18:00–Tue 06:00\nSat 08:00–16:00\nSun 22:00–Mon 06:00");
    expect(isOnCall(week, chicago("2026-11-23T21:00:00"))).toBe(true); // Mon night
    expect(isOnCall(week, chicago("2026-11-24T05:59:00"))).toBe(true); // Tue early
    expect(isOnCall(week, chicago("2026-11-24T06:00:00"))).toBe(false); // shift over
    expect(isOnCall(week, chicago("2026-11-28T12:00:00"))).toBe(true); // Sat noon
    expect(isOnCall(week, chicago("2026-11-30T02:00:00"))).toBe(true); // Mon 2 AM, from Sun
    expect(isOnCall(week, chicago("2026-11-25T21:00:00"))).toBe(false); // Wed night
  });

  it("reads a shift ending earlier than it starts as ending the next day", () => {
    expect(formatShifts(shifts("Fri 22:00-06:00"))).toBe("Fri 22:00–Sat 06:00");
  });

  it("has everyone on call at any time when no schedule is set", () => {
    expect(isOnCall([], chicago("2026-11-25T03:00:00"))).toBe(true);
    expect(isOnCallTonight([], chicago("2026-11-25T12:00:00"))).toBe(true);
    expect(describeSchedule([])).toBe("Any time (no schedule set)");
  });

  it("says who is on call tonight, from 18:00 to 06:00, and before 06:00 the night going on", () => {
    const wednesdayNight = shifts("Wed 20:00–Thu 04:00");
    expect(isOnCallTonight(wednesdayNight, chicago("2026-11-25T12:00:00"))).toBe(true);
    expect(isOnCallTonight(wednesdayNight, chicago("2026-11-26T03:00:00"))).toBe(true);
    expect(isOnCallTonight(wednesdayNight, chicago("2026-11-26T12:00:00"))).toBe(false);
    const lateShift = shifts("Tue 17:00–Wed 19:00");
    expect(isOnCallTonight(lateShift, chicago("2026-11-25T12:00:00"))).toBe(true);
    expect(isOnCallTonight(shifts("Wed 08:00–17:00"), chicago("2026-11-25T12:00:00"))).toBe(false);
  });

  it("refuses what is not a shift, with the line in the message", () => {
    expect(parseShifts("Mon 6pm–Tue 6am")).toEqual({
      error: '"Mon 6pm–Tue 6am" is not a shift like "Mon 18:00–Tue 06:00" (24-hour times).',
    });
    expect(parseShifts("Mon 25:00-26:00")).toHaveProperty("error");
    expect(parseShifts("Mon 18:00–Mon 18:00")).toEqual({
      error: '"Mon 18:00–Mon 18:00" starts and ends at the same time.',
    });
    expect(parseShifts(Array(22).fill("Mon 08:00-09:00").join("\n"))).toEqual({
      error: "At most 21 shifts.",
    });
    expect(parseShifts("  \n ")).toEqual({ shifts: [] });
  });
});
