import { expect, it } from "vitest";
import {
  chicagoDay,
  chicagoMidnight,
  dayKeys,
  formatPeriod,
  lastDaysPeriod,
  parseDay,
  periodFromSearch,
  presetPeriod,
  searchRange,
  weekKeys,
  wholeWeeks,
} from "./chicago-period";

it("finds Chicago midnight in winter (UTC-6) and summer (UTC-5)", () => {
  expect(chicagoMidnight({ year: 2026, month: 11, day: 23 }).toISOString()).toBe(
    "2026-11-23T06:00:00.000Z",
  );
  expect(chicagoMidnight({ year: 2026, month: 7, day: 4 }).toISOString()).toBe(
    "2026-07-04T05:00:00.000Z",
  );
  // The days clocks change: midnight is still before the change.
  expect(chicagoMidnight({ year: 2026, month: 3, day: 8 }).toISOString()).toBe(
    "2026-03-08T06:00:00.000Z",
  );
  expect(chicagoMidnight({ year: 2026, month: 11, day: 1 }).toISOString()).toBe(
    "2026-11-01T05:00:00.000Z",
  );
});

it("puts a late-evening job on its Chicago day, not UTC's", () => {
  // 11:30 PM on Nov 23 in Chicago is Nov 24 in UTC.
  expect(chicagoDay(new Date("2026-11-24T05:30:00Z"))).toEqual({ year: 2026, month: 11, day: 23 });
});

it("makes presets around now: Monday-to-Sunday weeks, whole months", () => {
  const now = new Date("2026-11-24T05:30:00Z"); // Monday Nov 23, 11:30 PM in Chicago
  const week = presetPeriod("this_week", now);
  expect(week.first).toEqual({ year: 2026, month: 11, day: 23 });
  expect(week.last).toEqual({ year: 2026, month: 11, day: 29 });
  expect(week.start.toISOString()).toBe("2026-11-23T06:00:00.000Z");
  expect(week.end.toISOString()).toBe("2026-11-30T06:00:00.000Z");
  const last = presetPeriod("last_week", now);
  expect(formatPeriod(last)).toBe("Nov 16 – Nov 22, 2026");
  const month = presetPeriod("this_month", now);
  expect(formatPeriod(month)).toBe("Nov 1 – Nov 30, 2026");
  // November starts on CDT and ends on CST.
  expect(month.start.toISOString()).toBe("2026-11-01T05:00:00.000Z");
  expect(month.end.toISOString()).toBe("2026-12-01T06:00:00.000Z");
  expect(formatPeriod(presetPeriod("last_month", now))).toBe("Oct 1 – Oct 31, 2026");
  expect(formatPeriod(presetPeriod("today", now))).toBe("Nov 23, 2026");
});

it("reads the period from the URL: a preset, a custom range, or this week", () => {
  const now = new Date("2026-11-24T18:00:00Z");
  const custom = periodFromSearch(new URLSearchParams("from=2026-11-20&to=2026-11-01"), now);
  expect(custom.preset).toBe("custom");
  expect(formatPeriod(custom)).toBe("Nov 1 – Nov 20, 2026");
  expect(periodFromSearch(new URLSearchParams("period=last_week"), now).preset).toBe("last_week");
  expect(periodFromSearch(new URLSearchParams("period=forever"), now).preset).toBe("this_week");
  expect(periodFromSearch(new URLSearchParams("from=2020-01-01&to=2026-01-01"), now).preset).toBe(
    "this_week",
  );
  expect(parseDay("2026-02-30")).toBeUndefined();
  expect(parseDay("2026-2-3")).toBeUndefined();
});

it("reads a list's optional date filter: a preset, open-ended days, or none", () => {
  const now = new Date("2026-11-24T18:00:00Z");
  expect(searchRange(new URLSearchParams(""), now)).toBeUndefined();
  expect(searchRange(new URLSearchParams("period=today"), now)).toEqual({
    start: new Date("2026-11-24T06:00:00Z"),
    end: new Date("2026-11-25T06:00:00Z"),
  });
  expect(searchRange(new URLSearchParams("from=2026-11-20"), now)?.start).toEqual(
    new Date("2026-11-20T06:00:00Z"),
  );
  expect(searchRange(new URLSearchParams("to=2026-03-08"), now)?.end).toEqual(
    new Date("2026-03-09T05:00:00Z"),
  );
});

it("counts the last days in Chicago: 9 PM on the 19th in Chicago is the 19th, though UTC says the 20th", () => {
  const now = new Date("2026-03-20T02:00:00Z");
  const period = lastDaysPeriod(now, 90);
  const days = dayKeys(period);
  expect(days).toHaveLength(90);
  expect(new Set(days).size).toBe(90);
  expect(days[0]).toBe("2025-12-20");
  expect(days.at(-1)).toBe("2026-03-19");
  // Across the spring clock change (March 8): the first midnight is CST, the end CDT.
  expect(period.start.toISOString()).toBe("2025-12-20T06:00:00.000Z");
  expect(period.end.toISOString()).toBe("2026-03-20T05:00:00.000Z");
  expect(dayKeys(lastDaysPeriod(new Date("2028-03-01T18:00:00Z"), 2))).toEqual([
    "2028-02-29",
    "2028-03-01",
  ]);
});

it("lists the Mondays of the weeks a period touches, and their whole weeks' instants", () => {
  // Friday 2026-03-20, 90 days back is Sunday 2025-12-21: the week of Monday Dec 15.
  const period = lastDaysPeriod(new Date("2026-03-20T18:00:00Z"), 90);
  const weeks = weekKeys(period);
  expect(weeks[0]).toBe("2025-12-15");
  expect(weeks.at(-1)).toBe("2026-03-16");
  expect(weeks).toHaveLength(14);
  for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  expect(wholeWeeks(period)).toEqual({
    start: new Date("2025-12-15T06:00:00Z"),
    end: new Date("2026-03-23T05:00:00Z"),
  });
  // A Sunday belongs to the week before; one day is one week.
  const sunday = presetPeriod("today", new Date("2026-03-08T18:00:00Z"));
  expect(weekKeys(sunday)).toEqual(["2026-03-02"]);
});

it("falls back to the screen's default period when the URL asks for none", () => {
  const now = new Date("2026-11-24T18:00:00Z");
  const fallback = lastDaysPeriod(now, 90);
  const chosen = periodFromSearch(new URLSearchParams(""), now, fallback);
  expect(chosen.preset).toBe("default");
  expect(formatPeriod(chosen)).toBe("Aug 27 – Nov 24, 2026");
  expect(periodFromSearch(new URLSearchParams("period=today"), now, fallback).preset).toBe("today");
  expect(periodFromSearch(new URLSearchParams("period=custom"), now, fallback).preset).toBe(
    "default",
  );
});
