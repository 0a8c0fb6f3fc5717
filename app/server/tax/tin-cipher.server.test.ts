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

  it("after a rotation opens the old key's values, re-seals them, then needs the old key no more", () => {
    const sealed = tinCipher(KEY).encrypt("123456789", SMITH);
    const rotated = tinCipher(OTHER_KEY, [KEY]);
    expect(rotated.decrypt(sealed, SMITH)).toBe("123456789");
    const resealed = rotated.reseal(sealed, SMITH)!;
    expect(resealed).toMatch(/^v1\./);
    expect(resealed).not.toContain("123456789");
    expect(tinCipher(OTHER_KEY).decrypt(resealed, SMITH)).toBe("123456789");
    expect(() => tinCipher(KEY).decrypt(resealed, SMITH)).toThrow(TinKeyError);
    // Already under the current key: nothing to do.
    expect(rotated.reseal(resealed, SMITH)).toBeNull();
    // The additional data still binds it to its row under an old key.
    expect(() => rotated.decrypt(sealed, "another-locksmith")).toThrow(TIN_KEY_TEXT.wrongKey);
  });

  it("says so, with no number, when neither the key nor a previous one opens a value", () => {
    const sealed = tinCipher(randomBytes(32).toString("base64")).encrypt("123456789", SMITH);
    const rotated = tinCipher(OTHER_KEY, [KEY]);
    for (const open of [
      () => rotated.decrypt(sealed, SMITH),
      () => rotated.reseal(sealed, SMITH),
    ]) {
      expect(open).toThrow(TinKeyError);
      expect(open).toThrow(TIN_KEY_TEXT.wrongKey);
    }
    expect(TIN_KEY_TEXT.wrongKey).toContain("TIN_ENCRYPTION_KEY_PREVIOUS");
  });

  it("reads the previous keys from TIN_ENCRYPTION_KEY_PREVIOUS, a comma list, only beside a key", () => {
    const third = randomBytes(32).toString("base64");
    const sealedByThird = tinCipher(third).encrypt("123456789", SMITH);
    const env = parseEnv({
      TIN_ENCRYPTION_KEY: OTHER_KEY,
      TIN_ENCRYPTION_KEY_PREVIOUS: ` ${KEY}, ${third} `,
    });
    expect(env.TIN_ENCRYPTION_KEY_PREVIOUS).toEqual([KEY, third]);
    expect(configuredTinCipher(env)!.decrypt(sealedByThird, SMITH)).toBe("123456789");
    expect(() =>
      parseEnv({ TIN_ENCRYPTION_KEY: OTHER_KEY, TIN_ENCRYPTION_KEY_PREVIOUS: `${KEY},short` }),
    ).toThrow(/TIN_ENCRYPTION_KEY_PREVIOUS: must be keys of 32 random bytes/);
    expect(() => parseEnv({ TIN_ENCRYPTION_KEY_PREVIOUS: KEY })).toThrow(
      /TIN_ENCRYPTION_KEY_PREVIOUS: set TIN_ENCRYPTION_KEY/,
    );
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
