import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { CallStatus } from "~/lib/business-enums";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import type { Db } from "../db/database.server";
import { callLogs, leads } from "../db/business-tables.server";
import { leadFromCall, listCallBacks } from "./call-back.server";
import { customerFor } from "../customers/customers.server";
import { createLead } from "./leads.server";

describeEachDatabase("the call-back queue", (t) => {
  /** A call `minutesAgo`, linked to its caller as the webhook links it. */
  async function call(phone: string, status: CallStatus, minutesAgo: number) {
    const db: Db = t.handle.db;
    const customer = await customerFor(db, phone);
    const [row] = await db
      .insert(callLogs)
      .values({
        clientPhone: phone,
        customerId: customer!.id,
        status,
        startTime: sql`now() - make_interval(mins => ${minutesAgo})`,
        twilioCallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
      })
      .returning();
    return row!;
  }
  const queued = async (phone: string) =>
    (await listCallBacks(t.handle.db, 1000)).filter((entry) => entry.clientPhone === phone);

  it("lists a missed call nobody has dealt with, once per number, with how many", async () => {
    const phone = uniquePhone();
    await call(phone, "missed", 30);
    const latest = await call(phone, "missed", 10);
    expect(await queued(phone)).toEqual([expect.objectContaining({ id: latest.id, attempts: 2 })]);
  });

  it("leaves out a number answered later, or given a lead later by someone", async () => {
    const answered = uniquePhone();
    await call(answered, "missed", 30);
    await call(answered, "answered", 5);
    expect(await queued(answered)).toEqual([]);

    const handled = uniquePhone();
    await call(handled, "missed", 30);
    await createLead(t.handle.db, { phone: handled, serviceType: "automotive" }, TEST_ACTOR);
    expect(await queued(handled)).toEqual([]);
  });

  it("keeps a number whose only lead is the untouched one its call made, and old calls age out", async () => {
    const phone = uniquePhone();
    await call(phone, "missed", 20);
    await createLead(t.handle.db, { phone, serviceType: "emergency", source: "phone" }, TEST_ACTOR);
    expect(await queued(phone)).toHaveLength(1);

    const old = uniquePhone();
    await call(old, "missed", 8 * 24 * 60);
    expect(await queued(old)).toEqual([]);
  });

  it("makes a lead from a missed call, or opens the caller's open lead", async () => {
    const phone = uniquePhone();
    const missed = await call(phone, "missed", 15);
    const lead = await leadFromCall(t.handle.db, missed.id, TEST_ACTOR);
    expect(lead).toMatchObject({ phone, source: "phone", status: "new" });
    expect((await leadFromCall(t.handle.db, missed.id, TEST_ACTOR)).id).toBe(lead.id);
    const all = await t.handle.db.select().from(leads).where(eq(leads.phone, phone));
    expect(all).toHaveLength(1);
    expect(await queued(phone)).toHaveLength(1);
    await expect(leadFromCall(t.handle.db, crypto.randomUUID(), TEST_ACTOR)).rejects.toMatchObject({
      status: 404,
    });
  });
});
