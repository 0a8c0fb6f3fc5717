import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import {
  callStatusParams,
  inboundCall,
  signedTwilioRequest,
  webhookEnv,
  type Params,
} from "../../../tests/helpers/twilio-webhooks";
import { DEFAULT_PHONE_SETTINGS } from "~/lib/phones/phone-settings";
import { activityLog } from "../db/activity-tables.server";
import { callLogs, customers, leads } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { handleVoiceWebhook } from "./call-events.server";
import { handleIncomingTextWebhook } from "./message-webhooks.server";
import { savePhoneSettings } from "./phone-settings.server";
import { writeAutoPhoneLeads } from "./call-events.server";

describeEachDatabase("missed-call text-back", (t) => {
  const db = () => t.handle.db;

  async function callEnds(params: Params) {
    const response = await handleVoiceWebhook({
      request: signedTwilioRequest("/api/webhooks/twilio/voice", params),
      db: db(),
      env: webhookEnv,
      texts: async () => configuredTexts(),
    });
    expect(response.status).toBe(200);
  }

  const textBacks = (phone: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.toPhone, phone), eq(messages.purpose, "customer_missed_call")));
  const leadsOf = (phone: string) => db().select().from(leads).where(eq(leads.phone, phone));

  beforeEach(async () => {
    await writeAutoPhoneLeads(db(), true, TEST_ACTOR);
    await savePhoneSettings(db(), DEFAULT_PHONE_SETTINGS, TEST_ACTOR);
  });

  it("texts a no-answer caller once, on the one lead the call opened", async () => {
    const call = inboundCall();
    await callEnds(callStatusParams(call, "no-answer"));
    const [lead, ...moreLeads] = await leadsOf(call.from);
    expect(moreLeads).toEqual([]);
    expect(lead).toMatchObject({ source: "phone", status: "new", serviceType: "emergency" });
    const [text, ...moreTexts] = await textBacks(call.from);
    expect(moreTexts).toEqual([]);
    expect(text).toMatchObject({
      status: "queued",
      leadId: lead!.id,
      customerId: lead!.customerId,
    });
    expect(text!.body).toBe(
      "Lockline: Sorry we missed you — reply with your address or tap to request: https://lockline.test/request\nReply STOP to opt out.",
    );
  });

  it("does not text again within the window; the second call is on the lead's timeline", async () => {
    const first = inboundCall();
    await callEnds(callStatusParams(first, "no-answer"));
    const second = inboundCall(first.from);
    await callEnds(callStatusParams(second, "busy"));
    expect(
      await db().select().from(callLogs).where(eq(callLogs.clientPhone, first.from)),
    ).toHaveLength(2);
    expect(await textBacks(first.from)).toHaveLength(1);
    const [lead, ...more] = await leadsOf(first.from);
    expect(more).toEqual([]);
    const entries = await db()
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.leadId, lead!.id));
    expect(entries.map((entry) => entry.action)).toContain("missed_call");
  });

  it("texts again once the window has passed (the window is a setting)", async () => {
    await savePhoneSettings(
      db(),
      { ...DEFAULT_PHONE_SETTINGS, textBackWindowHours: 2 },
      TEST_ACTOR,
    );
    const call = inboundCall();
    await callEnds(callStatusParams(call, "canceled"));
    const [first] = await textBacks(call.from);
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000 - 60_000) })
      .where(eq(messages.id, first!.id));
    await callEnds(callStatusParams(inboundCall(call.from), "no-answer"));
    expect(await textBacks(call.from)).toHaveLength(2);
  });

  it("never texts an answered call, an outbound one, a number that sent STOP, or when off", async () => {
    const answered = inboundCall();
    await callEnds(callStatusParams(answered, "completed", { CallDuration: "40" }));
    expect(await textBacks(answered.from)).toEqual([]);

    const outbound = inboundCall();
    await callEnds(callStatusParams(outbound, "no-answer", { Direction: "outbound-api" }));
    expect(await textBacks(outbound.from)).toEqual([]);

    const stopped = inboundCall();
    await callEnds(callStatusParams(stopped, "completed", { CallDuration: "5" }));
    const [customer] = await db().select().from(customers).where(eq(customers.phone, stopped.from));
    await db()
      .update(customers)
      .set({ textsOptedOutAt: new Date() })
      .where(eq(customers.id, customer!.id));
    await callEnds(callStatusParams(inboundCall(stopped.from), "no-answer"));
    expect(await textBacks(stopped.from)).toEqual([]);
    const [withheld] = await db()
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.action, "text_withheld"), eq(activityLog.entity, "lead")))
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(withheld?.after).toMatchObject({ purpose: "customer_missed_call", reason: "opted_out" });

    await savePhoneSettings(db(), { ...DEFAULT_PHONE_SETTINGS, textBack: false }, TEST_ACTOR);
    const off = inboundCall();
    await callEnds(callStatusParams(off, "no-answer"));
    expect(await textBacks(off.from)).toEqual([]);
    expect(await leadsOf(off.from)).toHaveLength(1);
  });

  it("never texts a number outside the US or a withheld one", async () => {
    const london = inboundCall("+442079460958");
    await callEnds(callStatusParams(london, "no-answer"));
    expect(await textBacks(london.from)).toEqual([]);
    const withheld = inboundCall("anonymous");
    await callEnds(callStatusParams(withheld, "no-answer"));
    expect(
      await db().select().from(messages).where(eq(messages.purpose, "customer_missed_call")),
    ).not.toContainEqual(expect.objectContaining({ toPhone: "anonymous" }));
  });

  it("puts the caller's reply on the same lead's timeline", async () => {
    const call = inboundCall();
    await callEnds(callStatusParams(call, "no-answer"));
    const [lead] = await leadsOf(call.from);
    const response = await handleIncomingTextWebhook({
      request: signedTwilioRequest("/api/webhooks/twilio/incoming", {
        MessageSid: `SM${crypto.randomBytes(16).toString("hex")}`,
        From: call.from,
        Body: "1418 W Chicago Ave, 60642 — locked out",
      }),
      db: db(),
      env: webhookEnv,
    });
    expect(response.status).toBe(200);
    const thread = await db()
      .select({ purpose: messages.purpose, body: messages.body })
      .from(messages)
      .where(eq(messages.leadId, lead!.id))
      .orderBy(messages.createdAt);
    expect(thread.map((message) => message.purpose)).toEqual(["customer_missed_call", "reply"]);
    expect(thread[1]!.body).toBe("1418 W Chicago Ave, 60642 — locked out");
  });
});
