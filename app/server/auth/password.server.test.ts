import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST } from "~/lib/ui-text-shell";
import { atFullPasswordHashCost } from "../../../tests/helpers/full-hash-cost";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { parseEnv } from "../env.server";
import { signInRequest } from "../../../tests/helpers/auth-client";
import { createAuth } from "./auth.server";
import {
  HASH_CONCURRENCY,
  HASH_MAX_WAITING,
  HASHING_BUSY,
  HashingBusyError,
  hashPassword,
  verifyPassword,
} from "./password.server";
import { createUserWithPassword } from "./users.server";

atFullPasswordHashCost();

describe("password hashing", () => {
  it("hashes at the OWASP cost (scrypt N=2^17) unless told it is a test", async () => {
    expect((await hashPassword("Brass-Van-42")).split("$").slice(0, 4)).toEqual([
      "scrypt",
      "131072",
      "8",
      "1",
    ]);
  });

  it("runs on threads of its own: a busy libuv pool (file reads, compression) does not stop it", async () => {
    // Four reads of FIFOs nobody writes to hold all four of libuv's threads.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-pool-"));
    const fifos = [1, 2, 3, 4].map((n) => path.join(dir, `fifo-${n}`));
    for (const fifo of fifos) execFileSync("mkfifo", [fifo]);
    const blocked = fifos.map((fifo) => fs.promises.readFile(fifo));
    try {
      // Were hashing on libuv's pool, it would wait for a thread forever: the test's timeout.
      const hash = await hashPassword("Brass-Van-42");
      expect(await verifyPassword({ hash, password: "Brass-Van-42" })).toBe(true);
      expect(await verifyPassword({ hash, password: "Brass-Van-43" })).toBe(false);
    } finally {
      // Writers release the readers, and the pool is free again.
      for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY));
      await Promise.all(blocked);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/*
 * Sign-ins while the password hashing is saturated: the ones beyond the short queue are
 * answered at once with 503 and Retry-After (not queued for seconds, not a 500), and each
 * still counts against the per-IP sign-in limit.
 */
describeEachDatabase("sign-in under a burst of attempts", (t) => {
  const env = parseEnv({ SITE_URL: "http://localhost:3000" });
  // Each test signs in to accounts of its own: the wrong passwords of a burst count toward
  // an account's lockout (10 in 15 minutes), which is not what these tests are about.
  let auth: ReturnType<typeof createAuth>;
  beforeAll(() => {
    auth = createAuth(t.handle.db, env, "test-secret-test-secret-test-secret");
  });
  const account = (email: string) =>
    createUserWithPassword(t.handle.db, {
      email,
      name: "Burst Owner",
      password: "Right-Password-7",
      role: "owner",
    });

  const signIn = (ip: string, password = "Wrong-Password-1", email = "burst-a@example.com") =>
    auth.handler(signInRequest(ip, email, password));

  it("answers beyond the queue with 503 and Retry-After, never 500", async () => {
    await account("burst-a@example.com");
    const accepted = HASH_CONCURRENCY + HASH_MAX_WAITING;
    const answers = await Promise.all(
      Array.from({ length: accepted + 4 }, (_, i) => signIn(`10.7.0.${i + 1}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(accepted);
    expect(statuses.filter((status) => status === 503)).toHaveLength(4);
    const busy = answers.find((answer) => answer.status === 503)!;
    const seconds = Number(busy.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(await busy.json()).toEqual({
      code: HASHING_BUSY,
      message: REQUEST.hashingBusy(seconds),
    });
  });

  it("counts a refused attempt against the IP's sign-in limit (5 a minute)", async () => {
    const ip = "10.8.0.1";
    const email = "burst-b@example.com";
    await account(email);
    await account("burst-filler@example.com");
    // Fill the queue from elsewhere until it turns one away at once (a refusal needs no hash;
    // a fixed wait guessed wrong on a busy machine), then try from `ip`: refused at once.
    const fill = (i: number) =>
      signIn(`10.8.1.${i}`, "Wrong-Password-1", "burst-filler@example.com");
    const filling = Array.from({ length: HASH_CONCURRENCY + HASH_MAX_WAITING }, (_, i) =>
      fill(i + 1),
    );
    let full = false;
    for (let probe = 1; probe <= 4 && !full; probe++) {
      const answer = fill(100 + probe);
      filling.push(answer);
      const soon = new Promise<undefined>((resolve) => setTimeout(resolve, 200, undefined));
      full = (await Promise.race([answer, soon]))?.status === 503;
    }
    expect(full, "the sign-in lane turned a probe away").toBe(true);
    expect((await signIn(ip, "Wrong-Password-1", email)).status).toBe(503);
    await Promise.all(filling);
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await signIn(ip, "Wrong-Password-1", email)).status).toBe(401);
    }
    expect((await signIn(ip, "Right-Password-7", email)).status).toBe(429);
    // The right password still works from another address.
    expect((await signIn("10.8.0.2", "Right-Password-7", email)).status).toBe(200);
  });

  it("keeps sign-in going while every other hashing path is full, which gets 503s", async () => {
    const email = "burst-c@example.com";
    await account(email);
    // A flood of resets, sign-ups and changes: hashing outside a sign-in.
    const finished: string[] = [];
    const flood = Array.from({ length: 12 }, () =>
      hashPassword("Flood-Password-1").then(
        () => finished.push("flood"),
        (error: unknown) => (error instanceof HashingBusyError ? "busy" : "failed"),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signedIn = await signIn("10.9.0.1", "Right-Password-7", email);
    finished.push("sign-in");
    expect(signedIn.status).toBe(200);
    const outcomes = await Promise.all(flood);
    expect(outcomes).not.toContain("failed");
    expect(outcomes).toContain("busy");
    // Not queued behind the flood: its own thread, done before the flood's last hash.
    expect(finished.at(-1)).toBe("flood");
  });
});
