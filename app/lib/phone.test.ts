import { describe, expect, it } from "vitest";
import metadata from "libphonenumber-js/metadata.min.json";
import { CALLING_CODES, formatPhone, phoneHref } from "./phone";
import { normalizePhone, normalizeUsPhone, storablePhone } from "./phone-parse";

describe("phone numbers", () => {
  it("make E.164 from any common spelling, US when no country code is given", () => {
    for (const typed of ["(312) 555-0147", "1-312-555-0147", "312.555.0147", "+1 312 555 0147"]) {
      expect(normalizePhone(typed)).toBe("+13125550147");
    }
    expect(normalizePhone("+442071838750")).toBe("+442071838750");
  });

  it("are not made from what is not a callable number", () => {
    for (const raw of ["anonymous", "+266696687", "client:alice", "555-01", ""]) {
      expect(normalizePhone(raw)).toBeUndefined();
    }
    expect(normalizeUsPhone("+442071838750")).toBeUndefined();
    expect(normalizeUsPhone("708 555 0142")).toBe("+17085550142");
  });

  it("are stored as E.164 when the forms take them: any ten digits", () => {
    expect(storablePhone("(312) 033-7546")).toBe("+13120337546");
    expect(storablePhone("+1 312 555 0147")).toBe("+13125550147");
    expect(storablePhone("+442071838750")).toBe("+442071838750");
    expect(storablePhone("anonymous")).toBeUndefined();
    expect(storablePhone("+266696687")).toBeUndefined();
  });

  it("show US numbers one way, whatever way they were stored", () => {
    expect(formatPhone("+13125550147")).toBe("(312) 555-0147");
    expect(formatPhone("3125550147")).toBe("(312) 555-0147");
    expect(formatPhone("(312) 555-0147")).toBe("(312) 555-0147");
    expect(formatPhone("Unknown")).toBe("Unknown");
  });

  it("show a number elsewhere as its country code and the rest, without metadata", () => {
    expect(formatPhone("+442071838750")).toBe("+44 2071838750");
    expect(formatPhone("+525512345678")).toBe("+52 5512345678");
    expect(formatPhone("+353861234567")).toBe("+353 861234567");
    expect(formatPhone("+79161234567")).toBe("+7 9161234567");
    expect(formatPhone("+266696687")).toBe("+266 696687");
    expect(formatPhone("client:alice")).toBe("client:alice");
  });

  it("know the calling codes libphonenumber knows", () => {
    expect([...CALLING_CODES].sort()).toEqual(Object.keys(metadata.country_calling_codes).sort());
  });

  it("dial in E.164", () => {
    expect(phoneHref("(312) 555-0147")).toBe("tel:+13125550147");
    expect(phoneHref("(312) 555-0147", "sms")).toBe("sms:+13125550147");
    // Any ten digits are a US number, as the forms take them.
    expect(phoneHref("(312) 033-7546")).toBe("tel:+13120337546");
    expect(phoneHref("+442071838750")).toBe("tel:+442071838750");
  });
});
