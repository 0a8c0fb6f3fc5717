import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/*
 * A taxpayer identification number encrypted at rest (decision 0070): AES-256-GCM with the
 * key in TIN_ENCRYPTION_KEY, a random 96-bit nonce per number, and the locksmith's id as
 * additional authenticated data, so a stored number moved to another locksmith's row does
 * not decrypt. Stored as "v1.<nonce>.<tag>.<ciphertext>", each part base64url.
 */

const VERSION = "v1";

export const TIN_KEY_TEXT = {
  missing:
    "The full number cannot be stored: TIN_ENCRYPTION_KEY is not set on the server. Save the other details now, and the number once an owner has set it.",
  exportMissing:
    "The IRIS file holds each full number, and this server cannot decrypt them: TIN_ENCRYPTION_KEY is not set.",
  wrongKey:
    "A stored taxpayer number does not decrypt with this server's TIN_ENCRYPTION_KEY: the key is not the one it was saved with, or the record was altered.",
} as const;

/** A number that does not decrypt: the wrong key, or an altered record. Never carries the number. */
export class TinKeyError extends Error {
  override name = "TinKeyError";
}

export interface TinCipher {
  encrypt(tin: string, locksmithId: string): string;
  decrypt(sealed: string, locksmithId: string): string;
}

/** The cipher of a key in base64 (env's TIN_ENCRYPTION_KEY, already checked to be 32 bytes). */
export function tinCipher(keyBase64: string): TinCipher {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new TinKeyError("TIN_ENCRYPTION_KEY must be 32 bytes in base64");
  return {
    encrypt(tin, locksmithId) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(locksmithId, "utf8"));
      const body = Buffer.concat([cipher.update(tin, "utf8"), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    decrypt(sealed, locksmithId) {
      const [version, nonce, tag, body, extra] = sealed.split(".");
      if (version !== VERSION || !nonce || !tag || !body || extra !== undefined) {
        throw new TinKeyError(TIN_KEY_TEXT.wrongKey);
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAAD(Buffer.from(locksmithId, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        // GCM's "unable to authenticate data": the cause says nothing more worth keeping.
        throw new TinKeyError(TIN_KEY_TEXT.wrongKey);
      }
    },
  };
}

/** The server's cipher, or null when TIN_ENCRYPTION_KEY is not set. */
export function configuredTinCipher(env: { TIN_ENCRYPTION_KEY?: string }): TinCipher | null {
  return env.TIN_ENCRYPTION_KEY ? tinCipher(env.TIN_ENCRYPTION_KEY) : null;
}
