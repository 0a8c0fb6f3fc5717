import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1 (better-auth's default is N=2^14). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function maxmem(params: { N: number; r: number; p: number }) {
  // scrypt needs 128 * N * r * p bytes; Node refuses more than 32 MiB unless told.
  return 128 * params.N * params.r * params.p * 2;
}

/** "scrypt$N$r$p$salt$hash" (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    ...SCRYPT_PARAMS,
    maxmem: maxmem(SCRYPT_PARAMS),
  });
  const { N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = hash.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expectedKey = Buffer.from(expected, "base64");
  const key = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64"),
    expectedKey.length,
    {
      ...params,
      maxmem: maxmem(params),
    },
  );
  return crypto.timingSafeEqual(key, expectedKey);
}

/** A strong password that passes the sign-up rule, for the CLI and the demo owner. */
export function generatePassword(): string {
  const body = crypto.randomBytes(18).toString("base64url");
  return `${body}Aa7`;
}
