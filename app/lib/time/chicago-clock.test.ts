import { describe, expect, it } from "vitest";
import { chicagoWallClock, mediumDate, shortTime } from "./chicago-clock";

const reference = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});
const fromIntl = (instant: Date) =>
  Object.fromEntries(
    reference
      .formatToParts(instant)
      .filter((part) => part.type !== "literal")
      .map((part) => [part.type, Number(part.value)]),
  );

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("chicagoWallClock", () => {
  it("agrees with the time-zone data at every daylight-saving change from 2007 to 2040", () => {
    for (let year = 2007; year <= 2040; year++) {
      // Every 15 minutes across both changes' days, where an off-by-one would show.
      for (const month of [2, 10]) {
        const from = Date.UTC(year, month, 1);
        for (let time = from; time < from + 15 * 86_400_000; time += 15 * 60_000) {
          const instant = new Date(time);
          expect(chicagoWallClock(instant), instant.toISOString()).toEqual(fromIntl(instant));
        }
      }
    }
  });

  it("agrees with the time-zone data at random instants from 2000 to 2100", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const instant = new Date(from + Math.floor(random() * (to - from)));
      expect(chicagoWallClock(instant), instant.toISOString()).toEqual(fromIntl(instant));
    }
  });

  it("knows the hour that repeats and the hour that is skipped", () => {
    // Nov 1, 2026: 1:30 AM twice (CDT, then CST).
    expect(chicagoWallClock(new Date("2026-11-01T06:30:00Z"))).toMatchObject({ hour: 1 });
    expect(chicagoWallClock(new Date("2026-11-01T07:30:00Z"))).toMatchObject({ hour: 1 });
    // Mar 8, 2026: from 1:59 AM straight to 3:00 AM.
    expect(chicagoWallClock(new Date("2026-03-08T07:59:00Z"))).toMatchObject({ hour: 1 });
    expect(chicagoWallClock(new Date("2026-03-08T08:00:00Z"))).toMatchObject({ hour: 3 });
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
});
