import { describe, expect, it } from "vitest";
import {
  AFTER_HOURS_OFF,
  afterHoursNotice,
  afterHoursPriceNote,
  afterHoursProblem,
  LINE_KIND_TEXT,
  typedLineKind,
} from "./line-kinds";

// 23:30 and 14:00 in Chicago (CST, UTC−6) on a November day.
const NIGHT = new Date("2026-11-20T05:30:00Z");
const DAY = new Date("2026-11-20T20:00:00Z");
const ON = { enabled: true, cents: 4_000 };

describe("what a quote line may be for", () => {
  it("is work, parts or the after-hours rate; work when the form says nothing", () => {
    expect(typedLineKind(undefined)).toEqual({ ok: true, kind: "service" });
    expect(typedLineKind("parts")).toEqual({ ok: true, kind: "parts" });
    expect(typedLineKind("after_hours")).toEqual({ ok: true, kind: "after_hours" });
  });

  it("has no trip or call-out kind: the site promises no trip charges", () => {
    for (const kind of ["trip", "trip_charge", "call_out", "callout", "travel", "service_call"]) {
      expect(typedLineKind(kind)).toEqual({ ok: false, error: LINE_KIND_TEXT.trip });
    }
    expect(LINE_KIND_TEXT.trip).toBe(
      "We promise no trip charges and free estimates: no line may charge for the trip. Price the work itself.",
    );
    expect(typedLineKind("discount")).toEqual({ ok: false, error: LINE_KIND_TEXT.kind });
  });
});

describe("the after-hours rate", () => {
  const line = (cents: number) => ({ kind: "after_hours" as const, cents });
  const work = { kind: "service" as const, cents: 12_500 };

  it("is refused while the business has it off", () => {
    expect(afterHoursProblem([work, line(4_000)], AFTER_HOURS_OFF, NIGHT)).toEqual({
      index: 1,
      error:
        "We promise one price around the clock: there is no after-hours rate. Price the work itself.",
    });
    expect(afterHoursProblem([work], AFTER_HOURS_OFF, NIGHT)).toBeUndefined();
  });

  it("is allowed when on: once, of exactly the rate, from 8 pm to 7 am", () => {
    expect(afterHoursProblem([work, line(4_000)], ON, NIGHT)).toBeUndefined();
    expect(afterHoursProblem([line(5_000)], ON, NIGHT)).toEqual({
      index: 0,
      error: "The after-hours rate is $40.00: the line is that amount",
    });
    expect(afterHoursProblem([line(4_000), line(4_000)], ON, NIGHT)?.error).toBe(
      LINE_KIND_TEXT.afterHoursTwice,
    );
    expect(afterHoursProblem([line(4_000)], ON, DAY)?.error).toBe(LINE_KIND_TEXT.afterHoursDaytime);
    // 7:00 sharp is day again; 19:59 is still day; 20:00 is after hours.
    expect(afterHoursProblem([line(4_000)], ON, new Date("2026-11-20T13:00:00Z"))).toBeDefined();
    expect(afterHoursProblem([line(4_000)], ON, new Date("2026-11-21T01:59:00Z"))).toBeDefined();
    expect(afterHoursProblem([line(4_000)], ON, new Date("2026-11-21T02:00:00Z"))).toBeUndefined();
  });

  it("is what the public pages say of the hour", () => {
    expect(afterHoursNotice(AFTER_HOURS_OFF)).toBe(
      "One price around the clock: no after-hours rate.",
    );
    expect(afterHoursNotice(ON)).toBe(
      "After-hours rate: work from 8 pm to 7 am adds $40, said with the price before any work starts.",
    );
  });

  it("the service and city pages add the same sentence only while a rate is charged", () => {
    expect(afterHoursPriceNote(AFTER_HOURS_OFF)).toBeNull();
    expect(afterHoursPriceNote(ON)).toBe(afterHoursNotice(ON));
  });
});
