import crypto from "node:crypto";

/*
 * Tokens in links sent by text (the locksmith's job page, the customer's review form): the
 * link is the only key, so it is random (256 bits), and only its SHA-256 is stored: a copy
 * of the database does not open anyone's page. A fast hash is enough for 256 random bits.
 */

/** What a token looks like in a URL: 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a link, and the hash to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a token. */
export function hashLinkToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Whether a URL segment could be a token at all: others are answered 404 unread. */
export function isLinkToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * A token derived from another (HMAC-SHA256 keyed by it): the same one each time, known only
 * to whoever holds `key`, and stored, like any token, as its hash alone.
 */
export function derivedLinkToken(key: string, purpose: string): string {
  return crypto.createHmac("sha256", key).update(purpose).digest("base64url");
}
