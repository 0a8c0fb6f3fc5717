import { describe, expect, it } from "vitest";
import { MONEY } from "../ui-text-shell";
import { centsToInput, formatCents, parseMoney } from "./money";

describe("parseMoney", () => {
  it.each([
    ["$1,234.50", 123_450],
    ["1234.5", 123_450],
    ["1234.50", 123_450],
    ["75", 7_500],
    [" $ 600 ", 60_000],
    ["0", 0],
    ["0.01", 1],
    [".5", 50],
    ["5.", 500],
    ["1,000,000", 100_000_000],
    ["12,345.67", 1_234_567],
    // Minus nothing is nothing.
    ["-0.00", 0],
    ["19.99", 1_999],
    // Floating point would make this 28.999999...: parsed as text, it is exact.
    ["0.29", 29],
    ["1.005".slice(0, 4), 100],
    [125, 12_500],
    [125.5, 12_550],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", MONEY.required],
    ["   ", MONEY.required],
    [null, MONEY.required],
    [undefined, MONEY.required],
    ["abc", MONEY.invalid],
    ["$", MONEY.invalid],
    ["1,23", MONEY.invalid],
    ["12,34.00", MONEY.invalid],
    ["1.2.3", MONEY.invalid],
    ["1e3", MONEY.invalid],
    ["-5", MONEY.negative],
    ["-$5.00", MONEY.negative],
    ["- $5", MONEY.negative],
    ["1.005", MONEY.tooPrecise],
    [1.005, MONEY.tooPrecise],
    ["1000000.01", MONEY.tooLarge],
    ["99999999999999999999", MONEY.tooLarge],
  ])("refuses %j with a clear message", (input, error) => {
    expect(parseMoney(input)).toEqual({ ok: false, error });
  });
});

describe("formatCents", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [50, "$0.50"],
    [7_500, "$75.00"],
    [123_450, "$1,234.50"],
    [100_000_000, "$1,000,000.00"],
    [-500, "-$5.00"],
  ])("shows %i cents as %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("refuses a fraction of a cent", () => {
    expect(() => formatCents(1.5)).toThrow(new RangeError("Not a whole number of cents: 1.5"));
  });

  it("round-trips through the edit field", () => {
    expect(centsToInput(123_450)).toBe("1234.50");
    expect(centsToInput(5)).toBe("0.05");
    expect(centsToInput(null)).toBe("");
    expect(centsToInput(undefined)).toBe("");
    expect(centsToInput(0)).toBe("0.00");
    expect(parseMoney(centsToInput(98_765))).toEqual({ ok: true, cents: 98_765 });
  });
});
