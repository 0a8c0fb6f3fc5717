import { describe, expect, it } from "vitest";
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  displayStatus,
  generateCode,
  isValidCode,
  normalizeCode,
} from "./dispatch-code";

/** Hands out the given bytes in order, then repeats them. */
function scriptedBytes(script: number[]) {
  let position = 0;
  return (size: number) =>
    Uint8Array.from({ length: size }, () => script[position++ % script.length]!);
}

describe("generateCode", () => {
  it("makes 6 characters from A-Z and 0-9 with the secure default", () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^[A-Z0-9]{6}$/);
    expect(CODE_LENGTH).toBe(6);
    expect(CODE_ALPHABET).toHaveLength(36);
  });

  it("maps bytes onto the alphabet", () => {
    expect(generateCode(scriptedBytes([0, 1, 25, 26, 35, 36]))).toBe("ABZ09A");
  });

  it("throws away bytes 252-255 instead of favouring the first symbols (no modulo bias)", () => {
    // 252 % 36 would be 0 ("A"): it is skipped, as are 253-255.
    expect(generateCode(scriptedBytes([252, 253, 254, 255, 1, 2, 3, 4, 5, 6]))).toBe("BCDEFG");
  });

  it("spreads symbols evenly over many codes", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3_000; i++) {
      for (const symbol of generateCode()) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    // 18,000 symbols: 500 expected each; a biased generator would be far outside this.
    for (const n of counts.values()) expect(n).toBeGreaterThan(380);
  });

  it("can make other lengths", () => {
    expect(generateCode(undefined, 10)).toMatch(/^[A-Z0-9]{10}$/);
  });
});

describe("normalizeCode and isValidCode", () => {
  it("trims and uppercases what was typed", () => {
    expect(normalizeCode("  ab12cd ")).toBe("AB12CD");
  });

  it("accepts 1 to 20 capitals and digits only", () => {
    expect(isValidCode("A")).toBe(true);
    expect(isValidCode("AB12CD")).toBe(true);
    expect(isValidCode("A".repeat(20))).toBe(true);
    expect(isValidCode("A".repeat(21))).toBe(false);
    expect(isValidCode("")).toBe(false);
    expect(isValidCode("ab12cd")).toBe(false);
    expect(isValidCode("AB-12")).toBe(false);
  });
});

describe("displayStatus", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const past = new Date("2026-11-22T11:59:59Z");
  const future = new Date("2026-11-22T12:00:01Z");

  it("shows expired once the time has passed, unless the code was used", () => {
    expect(displayStatus({ status: "new", expirationTime: past }, now)).toBe("expired");
    expect(displayStatus({ status: "assigned", expirationTime: past }, now)).toBe("expired");
    expect(displayStatus({ status: "expired", expirationTime: past }, now)).toBe("expired");
    expect(displayStatus({ status: "used", expirationTime: past }, now)).toBe("used");
    // Withdrawn with its offer stays Withdrawn after its day ends.
    expect(displayStatus({ status: "withdrawn", expirationTime: past }, now)).toBe("withdrawn");
  });

  it("shows the stored status before then", () => {
    expect(displayStatus({ status: "new", expirationTime: future }, now)).toBe("new");
    expect(displayStatus({ status: "assigned", expirationTime: future }, now)).toBe("assigned");
    expect(displayStatus({ status: "expired", expirationTime: future }, now)).toBe("expired");
    // Exactly at the expiration time it is not yet past.
    expect(displayStatus({ status: "new", expirationTime: now }, now)).toBe("new");
  });

  it("reads ISO strings from loader data", () => {
    expect(displayStatus({ status: "new", expirationTime: past.toISOString() }, now)).toBe(
      "expired",
    );
  });
});

describe("displayStatus follows the code's offer", () => {
  const now = new Date("2026-11-29T05:00:00Z");
  const tomorrow = new Date("2026-11-30T05:00:00Z");
  const code = (status: "assigned" | "used") => ({ status, expirationTime: tomorrow });

  it("reads Expired once the offer's time passed unanswered, stored or not", () => {
    const lapsed = { state: "offered", expiresAt: new Date("2026-11-29T04:59:59Z") };
    expect(displayStatus(code("assigned"), now, lapsed)).toBe("expired");
    // At its very deadline an offer is over.
    expect(displayStatus(code("assigned"), now, { state: "offered", expiresAt: now })).toBe(
      "expired",
    );
    expect(displayStatus(code("assigned"), now, { state: "expired", expiresAt: now })).toBe(
      "expired",
    );
    expect(displayStatus(code("assigned"), now, { state: "offered", expiresAt: tomorrow })).toBe(
      "assigned",
    );
  });

  it("reads Withdrawn when the office took the offer away, even after it was accepted", () => {
    expect(displayStatus(code("used"), now, { state: "withdrawn", expiresAt: now })).toBe(
      "withdrawn",
    );
    expect(displayStatus(code("used"), now, { state: "completed", expiresAt: now })).toBe("used");
  });
});
