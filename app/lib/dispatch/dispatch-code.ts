import type { DispatchCodeStatus } from "../business-enums";

/** 6 characters from A-Z and 0-9, 24 hours by default, 1 to 168 (docs/spec/back-office.md §9). */
export const CODE_LENGTH = 6;
export const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** A code typed by hand may be shorter or longer than a generated one, up to this. */
export const MAX_CODE_LENGTH = 20;
export const CODE_PATTERN = /^[A-Z0-9]{1,20}$/;

export const DEFAULT_EXPIRATION_HOURS = 24;
export const MIN_EXPIRATION_HOURS = 1;
export const MAX_EXPIRATION_HOURS = 168;

/** Fills `size` random bytes. */
export type RandomBytes = (size: number) => Uint8Array;

/** Web Crypto: the same in Node (globalThis.crypto) and the browser's Generate button. */
export const secureRandomBytes: RandomBytes = (size) =>
  globalThis.crypto.getRandomValues(new Uint8Array(size));

// 252 = 7 × 36: bytes from 252 to 255 are thrown away so every symbol is equally likely.
const UNBIASED_LIMIT = 256 - (256 % CODE_ALPHABET.length);

/** A random code of capital letters and digits, without modulo bias (rejection sampling). */
export function generateCode(randomBytes: RandomBytes = secureRandomBytes, length = CODE_LENGTH) {
  let code = "";
  while (code.length < length) {
    // A few spare bytes: on average 1.6% are rejected.
    for (const byte of randomBytes(length - code.length + 4)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** What the admin typed, as it is stored: trimmed and in capitals. */
export function normalizeCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** The offer a dispatch code was made for, as its assignment stands. */
export interface CodeOffer {
  state: string;
  expiresAt: Date | string;
}

/**
 * The status to show: the code follows its offer (decision 0057): an offer past its time
 * without an answer shows Expired, one the office took away shows Withdrawn, whatever the
 * stored status still says; otherwise a code past its own expiration time reads as expired
 * unless it was used.
 */
export function displayStatus(
  code: { status: DispatchCodeStatus; expirationTime: Date | string },
  now: Date = new Date(),
  offer: CodeOffer | null = null,
): DispatchCodeStatus {
  if (offer?.state === "withdrawn") return "withdrawn";
  if (code.status === "used" || code.status === "withdrawn") return code.status;
  if (offer?.state === "expired") return "expired";
  if (offer?.state === "offered" && new Date(offer.expiresAt).getTime() <= now.getTime()) {
    return "expired";
  }
  return new Date(code.expirationTime).getTime() < now.getTime() ? "expired" : code.status;
}
