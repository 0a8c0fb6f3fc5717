import { eq, inArray, sql } from "drizzle-orm";
import twilio from "twilio";
import { beforeEach, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { FAKE_AUTH_TOKEN, FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, TEST_SITE_URL, unconfiguredTexts } from "../../../tests/helpers/texting";
import { openDatabase, type Db } from "../db/database.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { activityLog } from "../db/activity-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { handleMessageStatusWebhook } from "../phones/message-webhooks.server";
import { dropMessage, queueText, resendMessage } from "./outbox.server";
import { MAX_ATTEMPTS, sendDueTexts } from "./sender.server";
import { twilioTransport, type TextTransport } from "./twilio-transport.server";

const texts = configuredTexts();
const sender = texts.sender as Extract<typeof texts.sender, { configured: true }>;
const CALLBACK = sender.statusCallbackBase;
const noWait = { retryDelay: () => 0 };

describeEachDatabase("the outbox's sender, through the Twilio SDK", (t) => {
  let fake: FakeTwilio;
  let transport: TextTransport;
  const db = () => t.handle.db;

  beforeEach(async () => {
    fake = new FakeTwilio();
    transport = twilioTransport(sender, fake.httpClient);
    // Each test sees only its own texts.
    await db().delete(messages);
  });

  async function queue(body = "Lockline: new job, code K7Q2ZB"): Promise<Message> {
    const row = await queueText(db(), texts, {
      kind: "customer_dispatched",
      to: uniquePhone(),
      values: {},
    });
    await db().update(messages).set({ body }).where(eq(messages.id, row!.id));
    return { ...row!, body };
  }

  /** What told the office that this text went dead. */
  const deadNotices = async (id: string) => ({
    entries: await db().select().from(activityLog).where(eq(activityLog.entityId, id)),
    pushes: (
      await db()
        .select()
        .from(timers)
        .where(sql`${timers.key} like ${`operator_push:dead:${id}:%`}`)
    ).map((timer) => timer.payload),
  });

  const reread = async (id: string) =>
    (await db().select().from(messages).where(eq(messages.id, id)))[0]!;

  /** Passes until nothing is due (retries are due at once here). */
  async function drain(limit = 20) {
    for (let i = 0; i < limit; i++) {
      if ((await sendDueTexts(db(), transport, CALLBACK, noWait)) === 0) return;
    }
  }

  async function statusCallback(message: Message, status: string) {
    const url = `${CALLBACK}?id=${message.id}`;
    const params = { MessageSid: message.twilioSid!, MessageStatus: status };
    const signature = twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, url, params);
    const request = new Request(url.replace(TEST_SITE_URL, "http://127.0.0.1:3000"), {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signature,
      },
      body: new URLSearchParams(params).toString(),
    });
    return handleMessageStatusWebhook({
      request,
      db: db(),
      env: { SITE_URL: TEST_SITE_URL, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN },
    });
  }

  it("sends a queued text once, then records Twilio's signed delivery report", async () => {
    const queued = await queue();
    expect(queued.status).toBe("queued");
    await drain();
    const sent = await reread(queued.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent.twilioSid).toBe(fake.created[0]!.sid);
    expect(fake.created).toHaveLength(1);
    expect(fake.created[0]).toMatchObject({
      to: queued.toPhone,
      body: queued.body,
      from: "+17085550100",
      statusCallback: `${CALLBACK}?id=${queued.id}`,
    });

    expect((await statusCallback(sent, "delivered")).status).toBe(200);
    expect(await reread(queued.id)).toMatchObject({ status: "delivered" });
    // A late "sent" report does not move it back.
    await statusCallback(sent, "sent");
    expect((await reread(queued.id)).status).toBe("delivered");
    expect((await reread(queued.id)).deliveredAt).toBeInstanceOf(Date);
  });

  it("refuses a callback with a bad signature and changes nothing", async () => {
    const queued = await queue();
    await drain();
    const sent = await reread(queued.id);
    const request = new Request(`http://127.0.0.1:3000/api/webhooks/twilio/message?id=${sent.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": "forged",
      },
      body: new URLSearchParams({
        MessageSid: sent.twilioSid!,
        MessageStatus: "failed",
      }).toString(),
    });
    const response = await handleMessageStatusWebhook({
      request,
      db: db(),
      env: { SITE_URL: TEST_SITE_URL, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN },
    });
    expect(response.status).toBe(403);
    expect((await reread(queued.id)).status).toBe("sent");
  });

  it("retries while Twilio is down, then sends once it is back", async () => {
    fake.script.push("down", "down");
    const queued = await queue();
    await sendDueTexts(db(), transport, CALLBACK, noWait);
    expect(await reread(queued.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "Twilio 20500: Service Unavailable",
    });
    await drain();
    expect(await reread(queued.id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(fake.created).toHaveLength(1);
  });

  it("waits longer between tries, doubling", async () => {
    fake.script.push("down");
    const queued = await queue();
    const before = Date.now();
    await sendDueTexts(db(), transport, CALLBACK);
    const { nextAttemptAt } = await reread(queued.id);
    expect(nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(29_000);
    // Not due yet: the next pass leaves it alone.
    expect(await sendDueTexts(db(), transport, CALLBACK)).toBe(0);
  });

  it(`gives up after ${MAX_ATTEMPTS} tries, keeps the text and says why`, async () => {
    fake.script.push(...Array<"down">(10).fill("down"));
    const queued = await queue();
    await drain();
    const failed = await reread(queued.id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toBe("Gave up after 5 tries: Twilio 20500: Service Unavailable");
    expect(failed.body).toBe(queued.body);
    expect(fake.creates).toBe(MAX_ATTEMPTS);
    expect(fake.created).toHaveLength(0);
    // Dead work: the office is told (an activity entry, a notice to its phones).
    expect(await deadNotices(queued.id)).toEqual({
      entries: [expect.objectContaining({ action: "background_work_dead" })],
      pushes: [expect.objectContaining({ title: "Background work failed" })],
    });
  });

  it("does not retry what Twilio refuses (an invalid number)", async () => {
    fake.script.push("refused");
    const queued = await queue();
    await drain();
    expect(await reread(queued.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Twilio 21211: Invalid 'To' Phone Number",
    });
    expect(fake.creates).toBe(1);
    // Twilio's answer about the number, shown in Messages: no alarm.
    expect(await deadNotices(queued.id)).toEqual({ entries: [], pushes: [] });
  });

  it("after a timeout Twilio did receive, asks Twilio and does not send it twice", async () => {
    fake.script.push("timeout-after-create");
    const queued = await queue();
    await sendDueTexts(db(), transport, CALLBACK, noWait);
    expect(await reread(queued.id)).toMatchObject({ status: "queued" });
    await drain();
    const sent = await reread(queued.id);
    expect(sent.status).toBe("sent");
    expect(fake.created).toHaveLength(1);
    expect(fake.creates).toBe(1);
    expect(fake.lists).toBe(1);
    expect(sent.twilioSid).toBe(fake.created[0]!.sid);
  });

  it("after a timeout Twilio never received, asks, finds nothing, and sends it", async () => {
    fake.script.push("timeout-lost");
    const queued = await queue();
    await drain();
    expect(await reread(queued.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(fake.created).toHaveLength(1);
    expect(fake.lists).toBe(1);
  });

  it("leaves a text a crash cut off as interrupted, never sending it by itself", async () => {
    const queued = await queue();
    // The process died after marking it sending, before Twilio answered.
    await db()
      .update(messages)
      .set({ status: "sending", attempts: 1, sendingSince: sql`now() - interval '10 minutes'` })
      .where(eq(messages.id, queued.id));
    await drain();
    const interrupted = await reread(queued.id);
    expect(interrupted.status).toBe("interrupted");
    expect(interrupted.lastError).toMatch(/may or may not have gone out/);
    expect(fake.creates).toBe(0);

    // The operator decides: Resend queues it again, and it goes.
    await resendMessage(db(), queued.id, texts.sender, TEST_ACTOR);
    await drain();
    expect(await reread(queued.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(fake.created).toHaveLength(1);
  });

  it("once Twilio has a text, a failure to record that never sends it again", async () => {
    const other = await queue("an older text");
    await drain();
    // The next text gets a SID the database already holds: recording the send fails.
    fake.nextSid = (await reread(other.id)).twilioSid!;
    const first = await queue();
    const second = await queue("the text after it");
    await sendDueTexts(db(), transport, CALLBACK, noWait);
    // Which of the two took the duplicate SID depends on claim order; the other went on.
    const rows = [await reread(first.id), await reread(second.id)];
    expect(rows.map((row) => row.status).sort()).toEqual(["sending", "sent"]);
    const stuck = rows.find((row) => row.status === "sending")!;
    await db()
      .update(messages)
      .set({ sendingSince: sql`now() - interval '10 minutes'` })
      .where(eq(messages.id, stuck.id));
    await drain();
    expect((await reread(stuck.id)).status).toBe("interrupted");
    expect(fake.created.filter((message) => message.body === stuck.body)).toHaveLength(1);
  });

  it("a try still under way is not interrupted by another pass", async () => {
    const queued = await queue();
    await db()
      .update(messages)
      .set({ status: "sending", attempts: 1, sendingSince: sql`now()` })
      .where(eq(messages.id, queued.id));
    await sendDueTexts(db(), transport, CALLBACK, noWait);
    expect((await reread(queued.id)).status).toBe("sending");
  });

  it("keeps texts unsent when texting is not configured; Resend says why, Drop works", async () => {
    const row = await queueText(db(), unconfiguredTexts(), {
      kind: "customer_on_the_way",
      to: uniquePhone(),
      values: { locksmith: "Dina", minutes: "15" },
    });
    expect(row).toMatchObject({
      status: "unsent",
      body: expect.stringContaining("about 15 minutes"),
    });
    await drain();
    expect(fake.creates).toBe(0);
    await expect(
      resendMessage(db(), row!.id, unconfiguredTexts().sender, TEST_ACTOR),
    ).rejects.toThrow(/Texting is not configured/);
    await dropMessage(db(), row!.id, TEST_ACTOR);
    expect((await reread(row!.id)).status).toBe("dropped");
    // Dropped is final: a second Drop or a Resend is refused.
    await expect(dropMessage(db(), row!.id, TEST_ACTOR)).rejects.toThrow(/no longer waiting/);
    await expect(resendMessage(db(), row!.id, texts.sender, TEST_ACTOR)).rejects.toThrow(
      /no longer waiting/,
    );
  });

  it("sends nothing for a kind switched off", async () => {
    const off = {
      ...texts,
      settings: {
        ...texts.settings,
        enabled: { ...texts.settings.enabled, customer_dispatched: false },
      },
    };
    expect(
      await queueText(db(), off, { kind: "customer_dispatched", to: uniquePhone(), values: {} }),
    ).toBe(undefined);
  });

  it("two senders on one database never send one text twice (1,000 texts)", async () => {
    if (!t.url) return; // one process per embedded database: the case is PostgreSQL's
    const second = await openDatabase({ kind: "postgres", url: t.url, poolSize: 4 });
    try {
      const ids = await queueMany(db(), 1_000);
      const fakes = [new FakeTwilio(), new FakeTwilio()];
      const run = async (database: Db, fakeTwilio: FakeTwilio) => {
        const own = twilioTransport(sender, fakeTwilio.httpClient);
        while ((await sendDueTexts(database, own, CALLBACK, { ...noWait, batch: 25 })) > 0);
      };
      await Promise.all([run(db(), fakes[0]!), run(second.db, fakes[1]!)]);
      const bodies = [...fakes[0]!.created, ...fakes[1]!.created].map((message) => message.body);
      expect(bodies).toHaveLength(1_000);
      expect(new Set(bodies).size).toBe(1_000);
      // Both did some of the work.
      expect(fakes[0]!.created.length).toBeGreaterThan(0);
      expect(fakes[1]!.created.length).toBeGreaterThan(0);
      const rows = await db().select().from(messages).where(inArray(messages.id, ids));
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  }, 60_000);
});

async function queueMany(db: Db, count: number): Promise<string[]> {
  const rows = await db
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        toPhone: "+17735550100",
        body: `Text ${i}`,
        purpose: "customer_dispatched" as const,
      })),
    )
    .returning({ id: messages.id });
  return rows.map((row) => row.id);
}
