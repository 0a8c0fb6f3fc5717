import { describe, expect, it } from "vitest";
import { WALL_CLOCK_PARTS } from "./chicago-clock";
import {
  minutesAheadFromTable,
  readZoneOffsets,
  wallClockAhead,
  type ReadWallClock,
  type WallClock,
} from "./zone-offsets";

const chicago = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  ...WALL_CLOCK_PARTS,
});
const readChicago: ReadWallClock = (instant) =>
  Object.fromEntries(
    chicago
      .formatToParts(instant)
      .filter(({ type }) => type !== "literal")
      .map(({ type, value }) => [type, Number(value)]),
  ) as unknown as WallClock;

/** A zone 2 h 30 min ahead of UTC that moves to 3 h 15 min at 2027-02-03 04:37 UTC. */
const changeAt = Date.UTC(2027, 1, 3, 4, 37);
const readOddZone: ReadWallClock = (instant) =>
  wallClockAhead(instant.getTime(), instant.getTime() < changeAt ? 150 : 195);

const at = (iso: string) => new Date(iso).getTime();

describe("readZoneOffsets", () => {
  it("finds Chicago's changes of 2026 and 2027 to the minute, from its zone data", () => {
    const offsets = readZoneOffsets(readChicago, at("2026-01-01T00:00Z"), at("2028-01-01T00:00Z"));
    expect(
      offsets.changes.map(([startsAt, ahead]) => [new Date(startsAt).toISOString(), ahead]),
    ).toEqual([
      ["2026-01-01T00:00:00.000Z", -360],
      ["2026-03-08T08:00:00.000Z", -300],
      ["2026-11-01T07:00:00.000Z", -360],
      ["2027-03-14T08:00:00.000Z", -300],
      ["2027-11-07T07:00:00.000Z", -360],
    ]);
  });

  it("finds a change that is not on the hour, nor a day from the span's start", () => {
    const from = at("2027-01-01T09:13:00Z");
    const offsets = readZoneOffsets(readOddZone, from, at("2027-03-01T00:00Z"));
    expect(offsets.changes).toEqual([
      [from, 150],
      [changeAt, 195],
    ]);
  });

  it("has one entry for a span without a change", () => {
    const from = at("2026-04-01T00:00Z");
    expect(readZoneOffsets(readChicago, from, at("2026-10-01T00:00Z")).changes).toEqual([
      [from, -300],
    ]);
  });
});

describe("minutesAheadFromTable", () => {
  const offsets = readZoneOffsets(readChicago, at("2026-01-01T00:00Z"), at("2027-01-01T00:00Z"));

  it("gives the offset in force at an instant, the new one from the minute of the change", () => {
    expect(minutesAheadFromTable(offsets, at("2026-01-01T00:00Z"))).toBe(-360);
    expect(minutesAheadFromTable(offsets, at("2026-03-08T07:59:59.999Z"))).toBe(-360);
    expect(minutesAheadFromTable(offsets, at("2026-03-08T08:00Z"))).toBe(-300);
    expect(minutesAheadFromTable(offsets, at("2026-07-04T12:00Z"))).toBe(-300);
    expect(minutesAheadFromTable(offsets, at("2026-11-01T06:59Z"))).toBe(-300);
    expect(minutesAheadFromTable(offsets, at("2026-11-01T07:00Z"))).toBe(-360);
    expect(minutesAheadFromTable(offsets, at("2026-12-31T23:59Z"))).toBe(-360);
  });

  it("gives nothing outside its span, or for an invalid instant", () => {
    expect(minutesAheadFromTable(offsets, at("2025-12-31T23:59:59.999Z"))).toBeUndefined();
    expect(minutesAheadFromTable(offsets, at("2027-01-01T00:00Z"))).toBeUndefined();
    expect(minutesAheadFromTable(offsets, NaN)).toBeUndefined();
  });
});
