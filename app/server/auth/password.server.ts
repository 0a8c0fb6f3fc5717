import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APIError } from "better-auth/api";
import { Piscina } from "piscina";
import { REQUEST } from "~/lib/ui-text-shell";
import { getEnv } from "../env.server";

/*
 * One hash takes ~0.5 s of a core and 128 MiB, so a burst of sign-ins (even failing ones)
 * could take the whole machine. Hashing is bounded: Piscina pools of threads of their own
 * (never libuv's pool, which compression and file reads use), a short queue behind them
 * (`maxQueue`), and beyond it a 503 with Retry-After on every path (decisions 0032, 0059).
 *
 * Two lanes, each a pool of its own, so a flood from people without an account cannot keep
 * operators out: the operators' lane (signing in, and whatever a signed-in operator's request
 * hashes: changing their password, turning on two-factor, confirming who they are) with half
 * the cores at once, at least one; and what anyone can reach without an account (sign-up, a
 * reset link) with half of that, at least one. A locked account's timing cover hashes where
 * the check it stands in for would have, so the two take the same time. A request runs in the operators' lane only when its route says so (`inOperatorLane`:
 * sign-in in auth.server.ts, every /admin request in the admin layout's middleware).
 *
 * The operators' lane hashes at normal priority, the other at the lowest (Piscina's
 * `niceIncrement`, per thread on Linux). At the lowest, any busy process on the machine (a
 * flood's own answers, a neighbour) starves a hash: one sign-in took 74 s with two busy loops
 * beside the hashing bench, and turning on two-factor waited over 10 s beside the browser
 * tests. The lane is small and its queue short, so at most half the cores hash at normal
 * priority; the event loop keeps the rest.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
export const HASH_MAX_WAITING = 4 * HASH_CONCURRENCY;
const OTHER_CONCURRENCY = Math.max(1, Math.floor(HASH_CONCURRENCY / 2));

type Lane = "operators" | "other";

/** What a hash is expected to take until the pool has timed some. */
const EXPECTED_HASH_MS = 500;
/** Idle hashing threads end after this (one is started again when needed). */
const IDLE_THREAD_MS = 60_000;
/**
 * The hashing threads' code: beside this module in the sources; in the build, where the
 * server build puts it (build/server/, vite.server.config.ts), found from the working
 * directory as the static files are (http/main.ts), since this module lands in a chunk.
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL("./scrypt-worker.js", import.meta.url));
  return fs.existsSync(beside) ? beside : path.resolve("build/server/scrypt-worker.js");
}

function lane(threads: number, maxQueue: number, niceIncrement: number) {
  return new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    maxQueue,
    niceIncrement,
    idleTimeout: IDLE_THREAD_MS,
  });
}
const lanes: Record<Lane, { pool: Piscina; threads: number }> = {
  operators: { pool: lane(HASH_CONCURRENCY, HASH_MAX_WAITING, 0), threads: HASH_CONCURRENCY },
  other: { pool: lane(OTHER_CONCURRENCY, 2 * OTHER_CONCURRENCY, 19), threads: OTHER_CONCURRENCY },
};

/** What one hash of a lane takes lately (Piscina's run-time average), in ms. */
function typicalMs(pool: Piscina): number {
  const average = pool.histogram.runTime.average;
  return Number.isFinite(average) && average > 0 ? average : EXPECTED_HASH_MS;
}

/** How long the hashes a lane has accepted should take, in whole seconds (at least 1). */
function secondsUntilFree({ pool, threads }: { pool: Piscina; threads: number }): number {
  const accepted = threads + pool.queueSize;
  return Math.max(1, Math.ceil(((accepted / threads) * typicalMs(pool)) / 1000));
}
const currentLane = new AsyncLocalStorage<Lane>();

/**
 * What a sign-in's password check takes now (the lane's moving average): the wait an unknown
 * email gets instead of a hash, so the answer's timing says nothing of who has an account.
 */
export function signInHashMs(): number {
  return getEnv().PASSWORD_HASH_COST === "test" ? 1 : typicalMs(lanes.operators.pool);
}

/** Runs `work` (a sign-in, a signed-in operator's request) with its hashing in the operators' lane. */
export function inOperatorLane<T>(work: () => Promise<T>): Promise<T> {
  return currentLane.run("operators", work);
}

/**
 * Too many passwords are being hashed at this moment: better-auth answers it as a 503 with
 * Retry-After (it is an APIError), and the app's own forms do the same (`retryAfterSeconds`).
 */
export class HashingBusyError extends APIError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "SERVICE_UNAVAILABLE",
      { code: HASHING_BUSY, message: REQUEST.hashingBusy(retryAfterSeconds) },
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}

async function scrypt(
  password: string,
  salt: Uint8Array,
  keylen: number,
  options: crypto.ScryptOptions,
): Promise<Buffer> {
  const current = lanes[currentLane.getStore() ?? "other"];
  let key: Uint8Array;
  try {
    key = await current.pool.run({ password, salt, keylen, options });
  } catch (error) {
    // Piscina refuses a task at once when the lane's queue is full.
    if (!(error instanceof Error && error.message === "Task queue is at limit")) throw error;
    throw new HashingBusyError(secondsUntilFree(current));
  }
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

/** The code of the 503 a sign-in gets while too many passwords are being hashed. */
export const HASHING_BUSY = "PASSWORD_HASHING_BUSY";

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1 (better-auth's default is N=2^14). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/** PASSWORD_HASH_COST=test (NODE_ENV=test only): ~1 ms a hash, for test suites. */
const TEST_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;

function hashParams() {
  return getEnv().PASSWORD_HASH_COST === "test" ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}
const KEY_LENGTH = 64;

function maxmem(params: { N: number; r: number; p: number }) {
  // scrypt needs 128 * N * r * p bytes; Node refuses more than 32 MiB unless told.
  return 128 * params.N * params.r * params.p * 2;
}

/** "scrypt$N$r$p$salt$hash" (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const params = hashParams();
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    ...params,
    maxmem: maxmem(params),
  });
  const { N, r, p } = params;
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
