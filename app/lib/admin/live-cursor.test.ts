import { describe, expect, it } from "vitest";
import { formatLiveCursor, parseLiveCursor } from "./live-cursor";

const ID = "0b6f1c9e-2d3a-4f5b-8c7d-9e0f1a2b3c4d";

describe("live cursor", () => {
  it("reads back what it writes, with and without an entry", () => {
    const cursor = { at: 1_764_108_000_123, id: ID };
    expect(formatLiveCursor(cursor)).toBe(`1764108000123.${ID}`);
    expect(parseLiveCursor(formatLiveCursor(cursor))).toEqual(cursor);
    expect(parseLiveCursor("1764108000123")).toEqual({ at: 1_764_108_000_123, id: "" });
    expect(parseLiveCursor(` 1764108000123.${ID.toUpperCase()} `)).toEqual(cursor);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["abc"],
    ["-5"],
    ["1.5"],
    [`1764108000123.not-a-uuid-not-a-uuid-not-a-uuid-12345`],
    [`1764108000123.${ID}.extra`],
    ["9".repeat(16)],
    [`1764108000123;${ID}`],
  ])("refuses %j", (text) => {
    expect(parseLiveCursor(text)).toBeNull();
  });
});
