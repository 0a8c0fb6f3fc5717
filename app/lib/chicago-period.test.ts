import { expect, it } from "vitest";
import {
  chicagoDay,
  chicagoMidnight,
  formatPeriod,
  parseDay,
  periodFromSearch,
  presetPeriod,
  searchRange,
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
