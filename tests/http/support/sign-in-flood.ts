import crypto from "node:crypto";
import { E2E_OWNER } from "../../../playwright.config";
import { freshAddress } from "./counted-server";

/*
 * Issue 47's distributed sign-in flood, run by the HTTP test (which asserts what it wrote)
 * and by `npm run bench -- --only=flood` (which holds the real sign-ins to 2 s): loops signing
 * in with made-up e-mails, each request from an address of its own, while the owner signs in
 * from the office's addresses, each signed in once before the flood.
 */

export const FLOOD_SECONDS = 10;
export const FLOOD_LOOPS = 16;
export const REAL_SIGN_INS = 10;
/** The office's addresses: better-auth allows 5 sign-ins a minute from each. */
export const OFFICE = [
  "198.51.100.10",
  "198.51.100.11",
  "198.51.100.12",
  "198.51.100.13",
  "198.51.100.14",
];

export interface Answer {
  status: number;
  ms: number;
}

export interface FloodOutcome {
  /** The office's sign-ins before the flood, one per address. */
  quiet: Answer[];
  /** What the flood drew, by status. */
  flood: Map<number, number>;
  /** The owner's sign-ins during the flood. */
  real: Answer[];
}

export async function runSignInFlood(origin: string): Promise<FloodOutcome> {
  const post = (address: string, email: string, password: string) =>
    fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email, password }),
    });
  const signIn = async (address: string): Promise<Answer> => {
    const started = performance.now();
    const answer = await post(address, E2E_OWNER.email, E2E_OWNER.password);
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  };
  const quiet: Answer[] = [];
  for (const address of OFFICE) quiet.push(await signIn(address));

  const deadline = Date.now() + FLOOD_SECONDS * 1000;
  const flood = new Map<number, number>();
  const floodLoop = async () => {
    while (Date.now() < deadline) {
      const answer = await post(
        freshAddress(),
        `${crypto.randomBytes(6).toString("hex")}@example.com`,
        "Flood-Password-91",
      );
      await answer.arrayBuffer();
      flood.set(answer.status, (flood.get(answer.status) ?? 0) + 1);
    }
  };
  const real: Answer[] = [];
  const realLoop = async () => {
    // The flood first fills its minute's budget, then the owner comes, once a second.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let i = 0; i < REAL_SIGN_INS; i++) {
      real.push(await signIn(OFFICE[i % OFFICE.length]!));
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
  };
  await Promise.all([...Array.from({ length: FLOOD_LOOPS }, floodLoop), realLoop()]);
  return { quiet, flood, real };
}

/** One line for a person: what the flood drew and how long the real sign-ins took. */
export function describeFlood({ quiet, flood, real }: FloodOutcome): string {
  const ms = (answers: Answer[]) => answers.map((answer) => Math.round(answer.ms)).join(", ");
  return (
    `sign-in flood ${FLOOD_SECONDS} s from ${FLOOD_LOOPS} loops: ${JSON.stringify(Object.fromEntries(flood))}; ` +
    `real sign-ins ${real.map((answer) => answer.status).join(", ")} in ${ms(real)} ms ` +
    `(without the flood: ${ms(quiet)} ms)`
  );
}
