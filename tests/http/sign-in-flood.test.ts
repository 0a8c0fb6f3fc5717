import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { E2E_OWNER } from "../../playwright.config";
import {
  freshAddress,
  rowChanges,
  startCountedServer,
  type CountedServer,
} from "./support/counted-server";

/*
 * Issue 47's sign-in flood against a production server at the real hash cost: loops signing
 * in with made-up emails, each request from an address of its own, for 10 s, while the owner
 * signs in from the office's addresses (each signed in once before). At least 9 of the 10
 * real sign-ins succeed within 2 s, the flood gets only 401/429, and it writes no row: no
 * per-address counter, no log entry. The times are printed.
 */

const FLOOD_SECONDS = 10;
const FLOOD_LOOPS = 16;
const REAL_SIGN_INS = 10;
/** The office's addresses: better-auth allows 5 sign-ins a minute from each. */
const OFFICE = [
  "198.51.100.10",
  "198.51.100.11",
  "198.51.100.12",
  "198.51.100.13",
  "198.51.100.14",
];

describe("the sign-in flood", () => {
  let server: CountedServer;

  beforeAll(async () => {
    server = await startCountedServer({ ownerAtFullCost: true });
  }, 180_000);
  afterAll(() => server?.dispose());

  test("real sign-ins get through within 2 s; the flood gets 401/429 and writes nothing", async () => {
    const origin = server.origin();
    const post = (address: string, email: string, password: string) =>
      fetch(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ email, password }),
      });
    const signIn = async (address: string) => {
      const started = performance.now();
      const answer = await post(address, E2E_OWNER.email, E2E_OWNER.password);
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started };
    };
    // (Counting a PGlite server's rows restarts it: the office signs in after, to the new one.)
    const before = await server.snapshot();
    const quiet: number[] = [];
    for (const address of OFFICE) {
      const answer = await signIn(address);
      expect(answer.status).toBe(200);
      quiet.push(Math.round(answer.ms));
    }

    const deadline = Date.now() + FLOOD_SECONDS * 1000;
    const floodStatuses = new Map<number, number>();
    const floodLoop = async () => {
      while (Date.now() < deadline) {
        const answer = await post(
          freshAddress(),
          `${crypto.randomBytes(6).toString("hex")}@example.com`,
          "Flood-Password-91",
        );
        await answer.arrayBuffer();
        floodStatuses.set(answer.status, (floodStatuses.get(answer.status) ?? 0) + 1);
      }
    };
    const real: { status: number; ms: number }[] = [];
    const realLoop = async () => {
      // The flood first fills its minute's budget, then the owner comes, once a second.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let i = 0; i < REAL_SIGN_INS; i++) {
        real.push(await signIn(OFFICE[i % OFFICE.length]!));
        await new Promise((resolve) => setTimeout(resolve, 800));
      }
    };
    await Promise.all([...Array.from({ length: FLOOD_LOOPS }, floodLoop), realLoop()]);

    const flood = Object.fromEntries(floodStatuses);
    const times = real.map((answer) => Math.round(answer.ms));
    console.log(
      `sign-in flood ${FLOOD_SECONDS} s from ${FLOOD_LOOPS} loops: ${JSON.stringify(flood)}; ` +
        `real sign-ins ${real.map((answer) => answer.status).join(", ")} in ${times.join(", ")} ms ` +
        `(without the flood: ${quiet.join(", ")} ms)`,
    );
    expect([...floodStatuses.keys()].filter((status) => ![401, 429].includes(status))).toEqual([]);
    // Every real sign-in is let in: none refused (429) or turned away (503) by the flood. How
    // fast is printed above, not asserted: a shared CI machine's load decides seconds, not the
    // code (the 2 s budget is the benchmark's, npm run bench).
    expect(real.map((answer) => answer.status)).toEqual(real.map(() => 200));

    // Only the real sign-ins wrote: their sessions, log lines and per-address counters.
    const changes = rowChanges(before, await server.snapshot());
    expect(
      Object.keys(changes.tables).filter(
        (table) => !["session", "activity_log", "rate_limits"].includes(table),
      ),
    ).toEqual([]);
    expect(changes.tables.activity_log ?? 0).toBeLessThanOrEqual(REAL_SIGN_INS + OFFICE.length);
    expect(changes.newRateLimitKeys.filter((key) => !OFFICE.some((a) => key.includes(a)))).toEqual(
      [],
    );
  });
});
