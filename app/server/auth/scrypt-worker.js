// @ts-check
/*
 * One scrypt hash, run by Piscina on a hashing thread (password.server.ts). Plain JavaScript
 * so the same file runs from the sources (tests, development) and, copied by the server
 * build to build/server/scrypt-worker.js (vite.server.config.ts), in production.
 */
import crypto from "node:crypto";

/**
 * @param {{ password: string, salt: Uint8Array, keylen: number, options: crypto.ScryptOptions }} task
 * @returns {Buffer}
 */
export default function scrypt({ password, salt, keylen, options }) {
  return crypto.scryptSync(password, salt, keylen, options);
}
