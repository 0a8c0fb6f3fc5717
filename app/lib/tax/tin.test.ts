import { describe, expect, it } from "vitest";
import { maskTin, TIN_TEXT, tinDigits, tinLast4, tinProblem } from "./tin";

describe("TIN shapes", () => {
  it("takes dashes and spaces out, nothing else", () => {
    expect(tinDigits("123-45-6789")).toBe("123456789");
    expect(tinDigits(" 12-3456789 ")).toBe("123456789");
    expect(tinDigits("12345678a")).toBe("12345678a");
  });

  it("wants nine digits", () => {
    for (const typed of ["", "12345678", "1234567890", "12345678a"]) {
      expect(tinProblem("ssn", typed)).toBe(TIN_TEXT.nineDigits);
      expect(tinProblem("ein", typed)).toBe(TIN_TEXT.nineDigits);
    }
  });

  it("knows a Social Security number's parts", () => {
    expect(tinProblem("ssn", "123456789")).toBeUndefined();
    expect(tinProblem("ssn", "000456789")).toBe(TIN_TEXT.ssn);
    expect(tinProblem("ssn", "666456789")).toBe(TIN_TEXT.ssn);
    expect(tinProblem("ssn", "900456789")).toBe(TIN_TEXT.ssn);
    expect(tinProblem("ssn", "123006789")).toBe(TIN_TEXT.ssn);
    expect(tinProblem("ssn", "123450000")).toBe(TIN_TEXT.ssn);
  });

  it("knows an ITIN's ranges", () => {
    expect(tinProblem("itin", "912501234")).toBeUndefined();
    expect(tinProblem("itin", "912651234")).toBeUndefined();
    expect(tinProblem("itin", "912941234")).toBeUndefined();
    expect(tinProblem("itin", "912931234")).toBe(TIN_TEXT.itin);
    expect(tinProblem("itin", "912661234")).toBe(TIN_TEXT.itin);
    expect(tinProblem("itin", "812701234")).toBe(TIN_TEXT.itin);
  });

  it("knows the EIN prefixes", () => {
    expect(tinProblem("ein", "123456789")).toBeUndefined();
    expect(tinProblem("ein", "363456789")).toBeUndefined();
    expect(tinProblem("ein", "003456789")).toBe(TIN_TEXT.ein);
    expect(tinProblem("ein", "073456789")).toBe(TIN_TEXT.ein);
    expect(tinProblem("ein", "893456789")).toBe(TIN_TEXT.ein);
  });

  it("shows the last four only", () => {
    expect(tinLast4("123456789")).toBe("6789");
    expect(maskTin("ssn", "1234")).toBe("•••-••-1234");
    expect(maskTin("itin", "1234")).toBe("•••-••-1234");
    expect(maskTin("ein", "1234")).toBe("••-•••1234");
  });
});
