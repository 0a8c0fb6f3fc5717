import { describe, expect, it } from "vitest";
import { normalizeVin, vinCheckDigit, vinModelYear, vinProblem, VIN_TEXT } from "./vin";

// VINs with their check digits: 49 CFR 565's worked example (a check digit of X), all ones,
// and two widely published examples.
const VALID = [
  "1M8GDM9AXKP042788", // 49 CFR 565's worked example: check digit X
  "11111111111111111", // all ones: the sum is 1 × 89 = 89, 89 mod 11 = 1
  "1HGCM82633A004352", // Honda Accord 2003
  "JH4KA7561PC008269", // Acura Legend 1993
];

describe("VIN check digits (ISO 3779, North America)", () => {
  it("accepts VINs whose 9th character is the computed check digit", () => {
    for (const vin of VALID) {
      expect(vinProblem(vin), vin).toBeUndefined();
      expect(vinCheckDigit(vin)).toBe(vin[8]);
    }
  });

  it("computes X for a remainder of 10, as the CFR example shows", () => {
    expect(vinCheckDigit("1M8GDM9A0KP042788")).toBe("X");
  });

  it("refuses any VIN with one character changed: the check digit no longer matches", () => {
    for (const vin of VALID) {
      // Change the 15th character (a digit, weight 4) by one: the sum moves by 4 or 36.
      const digit = Number(vin[14]);
      const changed = `${vin.slice(0, 14)}${(digit + 1) % 10}${vin.slice(15)}`;
      expect(vinProblem(changed), changed).toBe(VIN_TEXT.checkDigit);
    }
    expect(vinProblem("1HGCM82643A004352")).toBe(VIN_TEXT.checkDigit);
  });

  it("refuses I, O and Q, which a VIN never has", () => {
    expect(vinProblem("1HGCM8263IA004352")).toBe(VIN_TEXT.letters);
    expect(vinProblem("1HGCM82633O004352")).toBe(VIN_TEXT.letters);
    expect(vinProblem("QHGCM82633A004352")).toBe(VIN_TEXT.letters);
  });

  it("refuses a VIN of the wrong length or with other characters", () => {
    expect(vinProblem("1HGCM82633A00435")).toBe(VIN_TEXT.length);
    expect(vinProblem("1HGCM82633A0043521")).toBe(VIN_TEXT.length);
    expect(vinProblem("")).toBe(VIN_TEXT.length);
    expect(vinProblem("1HGCM82633A00435*")).toBe(VIN_TEXT.characters);
  });

  it("reads a VIN typed with spaces, dashes and small letters", () => {
    expect(normalizeVin(" 1hgcm8-2633 a004352 ")).toBe("1HGCM82633A004352");
  });
});

describe("the model year a VIN gives (its 10th character, the 7th telling the cycle)", () => {
  it("reads the years of the published examples", () => {
    expect(vinModelYear("1HGCM82633A004352")).toBe(2003); // Honda Accord 2003
    expect(vinModelYear("JH4KA7561PC008269")).toBe(1993); // Acura Legend 1993
    expect(vinModelYear("1M8GDM9AXKP042788")).toBe(1989); // the CFR example
  });

  it("puts a letter in the 7th place in the cycle from 2010", () => {
    expect(vinModelYear("5YJ3E1EA7JF000316")).toBe(2018); // J, with E in the 7th place
    expect(vinModelYear("5YJ3E12A7JF000316")).toBe(1988); // J, with a digit there
    expect(vinModelYear("1HGCM8263AA004352")).toBe(1980);
    expect(vinModelYear("1HGCM8H639A004352")).toBe(2039);
  });

  it("gives no year for a code that is none (U, Z, 0)", () => {
    for (const code of ["U", "Z", "0"]) {
      expect(vinModelYear(`1HGCM8263${code}A004352`)).toBeUndefined();
    }
  });
});
