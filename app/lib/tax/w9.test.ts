import { describe, expect, it } from "vitest";
import { EMPTY_W9, US_STATE_CODES, w9Missing, w9MissingText, type W9View } from "./w9";

const COMPLETE: W9View = {
  legalName: "Maria Ortiz",
  businessName: null,
  tinType: "ssn",
  tinLast4: "6789",
  street: "4100 W 63rd St",
  street2: null,
  city: "Chicago",
  state: "IL",
  zip: "60629",
};

describe("what a W-9 lacks for the 1099-NEC", () => {
  it("is nothing when complete; the business name and second line are optional", () => {
    expect(w9Missing(COMPLETE)).toEqual([]);
    expect(w9MissingText(COMPLETE)).toBeNull();
  });

  it("names each missing field in words", () => {
    expect(w9MissingText({ ...COMPLETE, tinLast4: null, zip: null })).toBe(
      "Missing: taxpayer number, ZIP code",
    );
    expect(w9Missing(EMPTY_W9)).toHaveLength(7);
    expect(w9MissingText(null)).toBe("No W-9 on file");
  });

  it("says address when none of it is on file, and each part when some is", () => {
    const noAddress = { ...COMPLETE, street: null, city: null, state: null, zip: null };
    expect(w9MissingText(noAddress)).toBe("Missing: address");
    expect(w9MissingText({ ...noAddress, tinLast4: null })).toBe(
      "Missing: taxpayer number, address",
    );
    expect(w9MissingText({ ...noAddress, city: "Chicago" })).toBe(
      "Missing: street address, state, ZIP code",
    );
  });

  it("knows the states and territories", () => {
    expect(US_STATE_CODES.has("IL")).toBe(true);
    expect(US_STATE_CODES.has("PR")).toBe(true);
    expect(US_STATE_CODES.has("ZZ")).toBe(false);
    expect(US_STATE_CODES.size).toBe(56);
  });
});
