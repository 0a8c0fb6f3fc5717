import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { configuredTinCipher, TIN_KEY_TEXT, tinCipher, TinKeyError } from "./tin-cipher.server";

const KEY = randomBytes(32).toString("base64");
const OTHER_KEY = randomBytes(32).toString("base64");
const SMITH = "0b7f9a3e-1d2c-4b5a-9e8f-7a6b5c4d3e2f";

describe("the TIN cipher (AES-256-GCM)", () => {
  it("round-trips, and never stores the number in the clear", () => {
    const cipher = tinCipher(KEY);
    const sealed = cipher.encrypt("123456789", SMITH);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("123456789");
    expect(cipher.decrypt(sealed, SMITH)).toBe("123456789");
    // A fresh nonce each time: the same number never seals the same way twice.
    expect(cipher.encrypt("123456789", SMITH)).not.toBe(sealed);
  });

  it("fails loudly with another key, another locksmith's row, or an altered record", () => {
    const sealed = tinCipher(KEY).encrypt("123456789", SMITH);
    expect(() => tinCipher(OTHER_KEY).decrypt(sealed, SMITH)).toThrow(TinKeyError);
    expect(() => tinCipher(OTHER_KEY).decrypt(sealed, SMITH)).toThrow(TIN_KEY_TEXT.wrongKey);
    expect(() => tinCipher(KEY).decrypt(sealed, "another-locksmith")).toThrow(TinKeyError);
    const [v, nonce, tag, body] = sealed.split(".");
    const flipped = `${body!.startsWith("A") ? "B" : "A"}${body!.slice(1)}`;
    expect(() => tinCipher(KEY).decrypt([v, nonce, tag, flipped].join("."), SMITH)).toThrow(
      TinKeyError,
    );
    expect(() => tinCipher(KEY).decrypt("123456789", SMITH)).toThrow(TinKeyError);
    // The error never carries the number.
    try {
      tinCipher(OTHER_KEY).decrypt(sealed, SMITH);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("123456789");
    }
  });

  it("takes its key from TIN_ENCRYPTION_KEY, 32 bytes in base64, and is off without it", () => {
    expect(configuredTinCipher({})).toBeNull();
    expect(configuredTinCipher(parseEnv({ TIN_ENCRYPTION_KEY: KEY }))).not.toBeNull();
    expect(() => parseEnv({ TIN_ENCRYPTION_KEY: randomBytes(16).toString("base64") })).toThrow(
      /TIN_ENCRYPTION_KEY: must be 32 random bytes in base64/,
    );
    expect(() =>
      parseEnv({ TIN_ENCRYPTION_KEY: "not base64 at all, not at all, no no no!!" }),
    ).toThrow(/TIN_ENCRYPTION_KEY/);
  });
});
