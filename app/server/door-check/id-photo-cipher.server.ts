import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/*
 * A redacted ID photo sealed at rest (decision 0077): AES-256-GCM under ID_PHOTO_ENCRYPTION_KEY,
 * its own key rather than the TIN's, so rotating either never has to touch the other's files.
 * A random 96-bit nonce per photo and the job's id as additional authenticated data (a file
 * moved to another record does not open). Stored as "LKP1" | nonce | tag | ciphertext.
 */

const MAGIC = Buffer.from("LKP1", "ascii");
const NONCE = 12;
const TAG = 16;

export interface PhotoCipher {
  seal(bytes: Uint8Array, jobId: string): Uint8Array;
  /** The photo, or undefined when it does not open (another key, another job, altered). */
  open(sealed: Uint8Array, jobId: string): Uint8Array | undefined;
}

export function photoCipher(keyBase64: string): PhotoCipher {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new Error("ID_PHOTO_ENCRYPTION_KEY must be 32 bytes in base64");
  return {
    seal(bytes, jobId) {
      const nonce = randomBytes(NONCE);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(jobId, "utf8"));
      const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
      return Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), body]);
    },
    open(sealed, jobId) {
      const all = Buffer.from(sealed);
      if (all.length < MAGIC.length + NONCE + TAG || !all.subarray(0, 4).equals(MAGIC)) {
        return undefined;
      }
      const nonce = all.subarray(4, 4 + NONCE);
      const tag = all.subarray(4 + NONCE, 4 + NONCE + TAG);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, nonce);
        decipher.setAAD(Buffer.from(jobId, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(all.subarray(4 + NONCE + TAG)), decipher.final()]);
      } catch {
        // GCM's "unable to authenticate data": another key or job, or an altered file.
        return undefined;
      }
    },
  };
}

/** The server's photo cipher, or null when ID_PHOTO_ENCRYPTION_KEY is not set. */
export function configuredPhotoCipher(env: {
  ID_PHOTO_ENCRYPTION_KEY?: string;
}): PhotoCipher | null {
  return env.ID_PHOTO_ENCRYPTION_KEY ? photoCipher(env.ID_PHOTO_ENCRYPTION_KEY) : null;
}
