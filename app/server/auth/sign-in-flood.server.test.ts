import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { SIGN_IN_FLOOD } from "~/lib/security/sign-in-flood";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { parseEnv } from "../env.server";
import { signInRequest } from "../../../tests/helpers/auth-client";
import { createAuth } from "./auth.server";
import { createUserWithPassword } from "./users.server";

/*
 * Issue 47: a flood of sign-ins with made-up emails from many addresses hashes nothing and
 * writes nothing, answers as a wrong password does, and once failures pass the global
 * budget holds back new addresses while an address that signed in before gets in.
 */

const env = parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "test" });

describeEachDatabase("sign-in under a distributed flood", (t) => {
  const auth = () => createAuth(t.handle.db, env, "test-secret-test-secret-test-secret");
  const signIn = (
    handler: ReturnType<typeof createAuth>["handler"],
    ip: string,
    email: string,
    password: string,
  ) => handler(signInRequest(ip, email, password));
  const count = async (table: string) => {
    const result = (await t.handle.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  };

  it("answers an unknown email as a wrong password, writing no row", async () => {
    const { handler } = auth();
    await createUserWithPassword(t.handle.db, {
      email: "flood-known@example.com",
      name: "Known",
      password: "Right-Password-7",
      role: "owner",
    });
    const wrong = await signIn(handler, "10.9.0.1", "flood-known@example.com", "Wrong-Pass-1");
    const before = { limits: await count("rate_limits"), log: await count("activity_log") };
    const made = await signIn(handler, "10.9.0.2", "nobody-at-all@example.com", "Wrong-Pass-1");
    expect(made.status).toBe(wrong.status);
    expect(await made.json()).toEqual(await wrong.json());
    expect({ limits: await count("rate_limits"), log: await count("activity_log") }).toEqual(
      before,
    );
  });

  it("past the budget, holds back new addresses and lets the known one in", async () => {
    const { handler } = auth();
    await createUserWithPassword(t.handle.db, {
      email: "flood-owner@example.com",
      name: "Owner",
      password: "Right-Password-7",
      role: "owner",
    });
    const office = "192.0.2.10";
    expect(
      (await signIn(handler, office, "flood-owner@example.com", "Right-Password-7")).status,
    ).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FLOOD.failuresPerMinute + 10; i++) {
      const answer = await signIn(
        handler,
        `10.${i % 250}.1.${(i % 200) + 1}`,
        `x${i}@example.com`,
        "Flood-Pass-1",
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      SIGN_IN_FLOOD.failuresPerMinute,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);

    const stranger = await signIn(
      handler,
      "203.0.113.77",
      "flood-owner@example.com",
      "Right-Password-7",
    );
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await stranger.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/^Too many failed sign-ins from many places at once\./),
    });
    expect(
      (await signIn(handler, office, "flood-owner@example.com", "Right-Password-7")).status,
    ).toBe(200);
  });
});
