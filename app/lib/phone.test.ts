import { describe, expect, it } from "vitest";
import { formatUsPhone, toE164 } from "./phone";

describe("phone formatting", () => {
  it("makes E.164 from any common US spelling", () => {
    expect(toE164("(312) 555-0147")).toBe("+13125550147");
    expect(toE164("1-312-555-0147")).toBe("+13125550147");
    expect(toE164("312.555.0147")).toBe("+13125550147");
  });

  it("formats for display", () => {
    expect(formatUsPhone("+13125550147")).toBe("(312) 555-0147");
    expect(formatUsPhone("3125550147")).toBe("(312) 555-0147");
  });
});
