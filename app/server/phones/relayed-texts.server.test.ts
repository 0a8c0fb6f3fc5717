import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import {
  configuredTexts,
  TEST_FROM_NUMBER,
  unconfiguredTexts,
} from "../../../tests/helpers/texting";
import {
  signedTwilioRequest,
  WEBHOOK_TOKEN,
  webhookEnv,
} from "../../../tests/helpers/twilio-webhooks";
import { activityLog } from "../db/activity-tables.server";
import { messages } from "../db/messaging-tables.server";
import { readJobPage } from "../dispatch/job-page.server";
import { RuleError } from "../rule-error.server";
import { sendDueTexts } from "../texting/sender.server";
import { twilioTransport } from "../texting/twilio-transport.server";
import { handleIncomingTextWebhook } from "./message-webhooks.server";
import { jobPageTexts, RELAY_TEXT, relayTextToCustomer } from "./relayed-texts.server";

describeEachDatabase("masked texts between locksmith and customer", (t) => {
  const db = () => t.handle.db;
  const world = dispatchWorld(db);
  const digitsOf = (phone: string) => phone.replace(/\D/g, "").slice(-10);

  async function acceptedJob(consent = true) {
    const locksmith = await world.locksmith("Marcus Reed");
    const lead = await world.lead({ consent });
    const dispatch = await world.dispatch(lead.id, locksmith.id);
    const token = world.tokenOf(dispatch);
    await world.act(token, { intent: "accept" });
    return { locksmith, lead, token };
  }

  /** The customer's text to the business number, signed as Twilio signs it. */
  function customerTexts(from: string, body: string, now?: Date, token?: string) {
    const params = {
      MessageSid: `SM${crypto.randomBytes(16).toString("hex")}`,
      From: from,
      Body: body,
    };
    return handleIncomingTextWebhook({
      request: signedTwilioRequest("/api/webhooks/twilio/incoming", params, token),
      db: db(),
      env: webhookEnv,
      texts: configuredTexts(),
      now,
    });
  }

  /** Delivers what the outbox holds through the fake Twilio: what the phones got. */
  async function deliver() {
    const fake = new FakeTwilio();
    const sender = configuredTexts().sender;
    if (!sender.configured) throw new Error("texting must be configured");
    await sendDueTexts(db(), twilioTransport(sender, fake.httpClient), sender.statusCallbackBase, {
      batch: 100,
    });
    return fake.created;
  }

  function textsOfLead(
    leadId: string,
    purpose: "locksmith_relayed" | "customer_relayed" | "customer_job_closed",
  ) {
    return db()
      .select({ to: messages.toPhone, body: messages.body })
      .from(messages)
      .where(and(eq(messages.leadId, leadId), eq(messages.purpose, purpose)));
  }

  it("relays both ways through the business number, and the locksmith never sees the customer's number", async () => {
    const { locksmith, lead, token } = await acceptedJob();
    await relayTextToCustomer(db(), token, "I am outside the blue door.", configuredTexts());
    const toCustomer = (await deliver()).filter(
      (text) => text.to === lead.phone && text.body.includes("blue door"),
    );
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]).toMatchObject({ from: TEST_FROM_NUMBER });
    expect(toCustomer[0]!.body).toContain(
      "Lockline, from Marcus Reed: I am outside the blue door.",
    );
    expect(toCustomer[0]!.body).toContain("Reply STOP to opt out.");
    expect(toCustomer[0]!.body).not.toContain(digitsOf(locksmith.phone));

    const response = await customerTexts(lead.phone, "Coming down now, 2 minutes");
    expect(response.status).toBe(200);
    const toLocksmith = (await deliver()).filter(
      (text) => digitsOf(text.to) === digitsOf(locksmith.phone),
    );
    expect(toLocksmith).toHaveLength(1);
    expect(toLocksmith[0]).toMatchObject({ from: TEST_FROM_NUMBER });
    expect(toLocksmith[0]!.body).toContain("Coming down now, 2 minutes");
    expect(toLocksmith[0]!.body.replace(/\D/g, "")).not.toContain(digitsOf(lead.phone));

    const conversation = await jobPageTexts(db(), token, configuredTexts());
    expect(conversation).toMatchObject({
      canSend: true,
      texts: [
        { from: "locksmith", text: "I am outside the blue door." },
        { from: "customer", text: "Coming down now, 2 minutes" },
      ],
    });
    const page = await readJobPage(db(), token, new Date(), configuredTexts());
    for (const shown of [conversation, page]) {
      expect(JSON.stringify(shown).replace(/\D/g, "")).not.toContain(digitsOf(lead.phone));
    }
    // On the lead's timeline, both ways.
    const timeline = await db()
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.leadId, lead.id), eq(activityLog.action, "text_relayed")))
      .orderBy(activityLog.at);
    expect(timeline.map((entry) => entry.after?.to)).toEqual(["customer", "locksmith"]);
  });

  it("refuses outside the window: the customer is told the job is closed, and the office sees it", async () => {
    const { lead, token } = await acceptedJob();
    await world.quoteAndComplete(token, 18_500);
    // Twelve hours after completing, the job's line closes.
    const later = new Date(Date.now() + 13 * 3_600_000);
    await expect(
      relayTextToCustomer(db(), token, "Forgot my screwdriver", configuredTexts(), later),
    ).rejects.toThrow(new RuleError(RELAY_TEXT.closed));
    expect(await textsOfLead(lead.id, "customer_relayed")).toEqual([]);

    expect((await customerTexts(lead.phone, "Did you leave a screwdriver?", later)).status).toBe(
      200,
    );
    expect(await textsOfLead(lead.id, "locksmith_relayed")).toEqual([]);
    const closed = await textsOfLead(lead.id, "customer_job_closed");
    expect(closed).toEqual([
      {
        to: lead.phone,
        body: "Lockline: this job is closed, so your text does not reach the locksmith any more. Call the office at (708) 555-0100.\nReply STOP to opt out.",
      },
    ]);
    const [seen] = await db()
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.leadId, lead.id), eq(activityLog.action, "relay_refused")));
    expect(seen?.after).toMatchObject({ text: "Did you leave a screwdriver?" });
    expect(await jobPageTexts(db(), token, configuredTexts(), later)).toBeNull();
    // A customer who keeps texting hears it twice, not at every text.
    await customerTexts(lead.phone, "Hello?", later);
    await customerTexts(lead.phone, "Hello??", later);
    expect(await textsOfLead(lead.id, "customer_job_closed")).toHaveLength(2);
  });

  it("relays nothing before a locksmith accepts: the reply stays on the lead for the office", async () => {
    const locksmith = await world.locksmith("Marcus Reed");
    const lead = await world.lead({ consent: true });
    const token = world.tokenOf(await world.dispatch(lead.id, locksmith.id));
    await expect(relayTextToCustomer(db(), token, "Hi", configuredTexts())).rejects.toThrow(
      new RuleError(RELAY_TEXT.notAccepted),
    );
    expect(await jobPageTexts(db(), token, configuredTexts())).toMatchObject({ canSend: false });
    await customerTexts(lead.phone, "Is someone coming?");
    expect(await textsOfLead(lead.id, "locksmith_relayed")).toEqual([]);
    expect(await textsOfLead(lead.id, "customer_job_closed")).toEqual([]);
    const [reply] = await db()
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.leadId, lead.id), eq(messages.purpose, "reply")));
    expect(reply?.body).toBe("Is someone coming?");
  });

  it("honours STOP: the word is not relayed, and the locksmith's texts are held back", async () => {
    const { lead, token } = await acceptedJob();
    await customerTexts(lead.phone, "STOP");
    expect(await textsOfLead(lead.id, "locksmith_relayed")).toEqual([]);
    await expect(relayTextToCustomer(db(), token, "Outside", configuredTexts())).rejects.toThrow(
      new RuleError(RELAY_TEXT.optedOut),
    );
    expect(await textsOfLead(lead.id, "customer_relayed")).toEqual([]);
  });

  it("texts only a customer who agreed to texts, and only through Twilio", async () => {
    const { token } = await acceptedJob(false);
    await expect(relayTextToCustomer(db(), token, "Outside", configuredTexts())).rejects.toThrow(
      new RuleError(RELAY_TEXT.noConsent),
    );
    await expect(relayTextToCustomer(db(), token, "Outside", unconfiguredTexts())).rejects.toThrow(
      new RuleError(RELAY_TEXT.unavailable),
    );
    // Without Twilio the page shows the customer's number: no conversation to keep.
    expect(await jobPageTexts(db(), token, unconfiguredTexts())).toBeNull();
  });

  it("relays nothing from a text that is not signed by Twilio", async () => {
    const { lead } = await acceptedJob();
    const response = await customerTexts(
      lead.phone,
      "Coming down",
      undefined,
      WEBHOOK_TOKEN.replace("0", "1"),
    );
    expect(response.status).toBe(403);
    expect(await textsOfLead(lead.id, "locksmith_relayed")).toEqual([]);
  });
});
