import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/*
 * A taxpayer identification number encrypted at rest (decision 0070): AES-256-GCM with the
 * key in TIN_ENCRYPTION_KEY, a random 96-bit nonce per number, and the locksmith's id as
 * additional authenticated data, so a stored number moved to another locksmith's row does
 * not decrypt. Stored as "v1.<nonce>.<tag>.<ciphertext>", each part base64url.
 *
 * Rotation (decision 0074): the keys in TIN_ENCRYPTION_KEY_PREVIOUS still open what they
 * sealed, tried after the current key (GCM's tag tells a wrong key apart, so no key id is
 * stored); `reseal` moves a value to the current key (`npm run reseal`), after which the old
 * keys can go.
 */

const VERSION = "v1";

export const TIN_KEY_TEXT = {
  missing:
    "The full number cannot be stored: TIN_ENCRYPTION_KEY is not set on the server. Save the other details now, and the number once an owner has set it.",
  exportMissing:
    "The IRIS file holds each full number, and this server cannot decrypt them: TIN_ENCRYPTION_KEY is not set.",
  wrongKey:
    "A stored taxpayer number does not decrypt with this server's TIN_ENCRYPTION_KEY or TIN_ENCRYPTION_KEY_PREVIOUS: the key it was saved with is not among them, or the record was altered.",
} as const;

/** A number that does not decrypt: the wrong key, or an altered record. Never carries the number. */
export class TinKeyError extends Error {
  override name = "TinKeyError";
}

export interface TinCipher {
  /** Seals under the current key. */
  encrypt(tin: string, locksmithId: string): string;
  /** Opens with the current key or a previous one; TinKeyError when none opens it. */
  decrypt(sealed: string, locksmithId: string): string;
  /**
   * The value sealed again under the current key, or null when it already is; TinKeyError
   * when no key opens it.
   */
  reseal(sealed: string, locksmithId: string): string | null;
}

function keyOf(keyBase64: string, name: string): Buffer {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new TinKeyError(`${name} must be 32 bytes in base64`);
  return key;
}

/**
 * The cipher of a key in base64 (env's TIN_ENCRYPTION_KEY, already checked to be 32 bytes),
 * opening also what the `previous` keys sealed.
 */
export function tinCipher(keyBase64: string, previous: readonly string[] = []): TinCipher {
  const key = keyOf(keyBase64, "TIN_ENCRYPTION_KEY");
  const older = previous.map((each) => keyOf(each, "TIN_ENCRYPTION_KEY_PREVIOUS"));
  /** The key that opens the value, and what it holds. */
  const open = (sealed: string, locksmithId: string) => {
    for (const each of [key, ...older]) {
      const tin = decryptWith(each, sealed, locksmithId);
      if (tin !== undefined) return { key: each, tin };
    }
    throw new TinKeyError(TIN_KEY_TEXT.wrongKey);
  };
  const cipher: TinCipher = {
    encrypt(tin, locksmithId) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(locksmithId, "utf8"));
      const body = Buffer.concat([cipher.update(tin, "utf8"), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    decrypt: (sealed, locksmithId) => open(sealed, locksmithId).tin,
    reseal(sealed, locksmithId) {
      const opened = open(sealed, locksmithId);
      return opened.key === key ? null : cipher.encrypt(opened.tin, locksmithId);
    },
  };
  return cipher;
}

/** What `sealed` holds under `key`, or undefined when it does not open (wrong key, altered, not sealed). */
function decryptWith(key: Buffer, sealed: string, locksmithId: string): string | undefined {
  const [version, nonce, tag, body, extra] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || !body || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(locksmithId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    // GCM's "unable to authenticate data": another key, or an altered record.
    return undefined;
  }
}

/** The server's cipher, or null when TIN_ENCRYPTION_KEY is not set. */
export function configuredTinCipher(env: {
  TIN_ENCRYPTION_KEY?: string;
  TIN_ENCRYPTION_KEY_PREVIOUS?: readonly string[];
}): TinCipher | null {
  return env.TIN_ENCRYPTION_KEY
    ? tinCipher(env.TIN_ENCRYPTION_KEY, env.TIN_ENCRYPTION_KEY_PREVIOUS)
    : null;
}
