import { describe, expect, it } from "vitest";
import { TIN_TEXT } from "../tax/tin";
import { TAX_FIELD, taxPayerSchema, w9Schema } from "./tax";

function errorsOf(result: ReturnType<typeof w9Schema.safeParse>) {
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the W-9 form", () => {
  it("reads a whole W-9, the number as digits", () => {
    const result = w9Schema.safeParse({
      intent: "w9",
      legalName: " Maria Ortiz ",
      businessName: "",
      tinType: "ssn",
      tin: "123-45-6789",
      street: "4100 W 63rd St",
      city: "Chicago",
      state: "il",
      zip: "60629",
    });
    expect(result.success && result.data).toMatchObject({
      legalName: "Maria Ortiz",
      businessName: null,
      tinType: "ssn",
      tin: "123456789",
      state: "IL",
      zip: "60629",
    });
  });

  it("keeps the stored number when none is typed", () => {
    const result = w9Schema.safeParse({ intent: "w9", tinType: "ein", tin: "  " });
    expect(result.success && result.data.tin).toBeNull();
  });

  it("says what is wrong next to the field", () => {
    expect(errorsOf(w9Schema.safeParse({ intent: "w9", tinType: "ssn", tin: "12345" }))).toEqual({
      tin: TIN_TEXT.nineDigits,
    });
    expect(
      errorsOf(w9Schema.safeParse({ intent: "w9", tinType: "ein", tin: "00-1234567" })),
    ).toEqual({
      tin: TIN_TEXT.ein,
    });
    expect(errorsOf(w9Schema.safeParse({ intent: "w9", tin: "123456789" }))).toEqual({
      tinType: TAX_FIELD.tinTypeFirst,
    });
    expect(errorsOf(w9Schema.safeParse({ intent: "w9", tinType: "vat" }))).toEqual({
      tinType: TAX_FIELD.tinType,
    });
    expect(errorsOf(w9Schema.safeParse({ intent: "w9", state: "Illinois", zip: "6062" }))).toEqual({
      state: TAX_FIELD.state,
      zip: TAX_FIELD.zip,
    });
  });

  it("reads the payer's phone as ten digits", () => {
    const result = taxPayerSchema.safeParse({ intent: "payer", phone: "+1 (312) 555-0147" });
    expect(result.success && result.data.phone).toBe("3125550147");
    expect(taxPayerSchema.safeParse({ intent: "payer", phone: "555-0147" }).success).toBe(false);
  });
});
