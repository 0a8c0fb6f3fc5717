import crypto from "node:crypto";

/*
 * Recovery codes for two-factor sign-in (ASVS 6.5.2): ten codes of 25 random base-32
 * characters (125 bits each), so a plain SHA-256 is a sound way to keep them; only the hashes
 * are stored. better-auth's plugin keeps the list and spends a code by removing it; these
 * functions are its generator and "store" (auth.server.ts), and the sign-in hooks hash the
 * typed code before the plugin compares it (account-hooks.server.ts).
 */

/** Crockford's base 32 in lower case: no i, l, o or u to misread. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const GROUPS = 5;
const GROUP_LENGTH = 5;
const COUNT = 10;
const HASH_PREFIX = "sha256:";

function randomCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join(
      "",
    ),
  );
  return groups.join("-");
}

/** Ten new codes, as the person writes them down ("k7q2z-b9xpa-…"). */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: COUNT }, randomCode);
}

/** What a typed code means: case, spaces and dashes aside, and i/l read as 1, o as 0. */
function normalize(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/[il]/g, "1")
    .replace(/o/g, "0");
}

/** The stored form of a code (also what the sign-in hooks hand the plugin to compare). */
export function hashRecoveryCode(code: string): string {
  return HASH_PREFIX + crypto.createHash("sha256").update(normalize(code)).digest("hex");
}

/**
 * The plugin's "store": it hands over the list as JSON to keep (new codes when they are
 * made, the remaining hashes when one is spent) and reads it back to compare.
 */
export const recoveryCodeStore = {
  encrypt: async (json: string): Promise<string> => {
    const codes = JSON.parse(json) as string[];
    return JSON.stringify(
      codes.map((code) => (code.startsWith(HASH_PREFIX) ? code : hashRecoveryCode(code))),
    );
  },
  decrypt: async (stored: string): Promise<string> => stored,
};
