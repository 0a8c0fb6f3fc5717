import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { formatAdsDateTime } from "~/lib/lead-inbox/lsa";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import {
  connectFakeLsa,
  fakeAdsClient,
  startFakeGoogleAds,
  type FakeGoogleAds,
} from "../../../tests/helpers/fake-google-ads";
import { fireDueReplies } from "../../../tests/helpers/partner-replies";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { tinCipher } from "../tax/tin-cipher.server";
import { leads } from "../db/business-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { googleAdsRest, type GoogleAdsApi } from "./google-ads.server";
import { pullLsaLeads } from "./lsa-pull.server";
import { fireLsaReply, LSA_REPLY_TEXT, queueLsaReply, readLsaThread } from "./lsa-replies.server";

/*
 * Replies to Google Local Services message leads (issue 51, decision 0072), against the local
 * fake of the Google Ads REST API: the request is exactly AppendLeadConversation's, a reply
 * Google refuses is shown in words and not tried again, and a token that expired is renewed
 * (a sign-in Google refuses is tried again by the timer).
 */

/** The server's TIN_ENCRYPTION_KEY cipher, which seals the stored refresh token. */
const cipher = tinCipher(randomBytes(32).toString("base64"));
let fake: FakeGoogleAds;
let api: GoogleAdsApi;
const REFRESH = "1//reply-refresh-token";

beforeAll(async () => {
  fake = await startFakeGoogleAds();
  api = googleAdsRest({ ...fakeAdsClient(fake), cipher });
});
afterAll(async () => {
  await fake?.close();
});

describeEachDatabase("Replies to Google Local Services leads", (t) => {
  const db = () => t.handle.db;

  beforeAll(async () => {
    await connectFakeLsa(db(), fake, REFRESH, cipher);
  });
  beforeEach(() => {
    fake.appended.length = 0;
  });

  /** Fires the due replies (the lead's own timers, the pull's, are not these tests'). */
  const fireDue = (now: Date) =>
    fireDueReplies(db(), "lsa_reply", { lsaReply: (timer) => fireLsaReply(db(), api, timer) }, now);

  /** A lead pulled from the fake: its Lockline lead and Google's copy. */
  async function pulledLead(type: "MESSAGE" | "PHONE_CALL", text?: string) {
    const phone = uniquePhone();
    const google = fake.addLead({
      type,
      at: formatAdsDateTime(new Date(), fake.timeZone),
      phone,
      name: "Dee Cole",
      text,
    });
    await pullLsaLeads(db(), api);
    const [lead] = await db().select().from(leads).where(eq(leads.phone, phone));
    return { lead: lead!, google };
  }

  const threadOf = async (leadId: string) => (await readLsaThread(db(), leadId, true))!;

  it("sends a reply as AppendLeadConversation and shows it sent, once", async () => {
    const { lead, google } = await pulledLead("MESSAGE", "Locked out, 2 kids inside");
    await queueLsaReply(db(), lead.id, "On our way, 15 minutes.", TEST_ACTOR);
    let thread = await threadOf(lead.id);
    expect(thread.canReply).toBe(true);
    expect(thread.messages.map((m) => [m.direction, m.body, m.status])).toEqual([
      ["in", "Locked out, 2 kids inside", "received"],
      ["out", "On our way, 15 minutes.", "sending"],
    ]);
    expect(await fireDue(new Date())).toBe(1);
    expect(fake.appended).toEqual([
      { localServicesLead: google.resourceName, text: "On our way, 15 minutes." },
    ]);
    thread = await threadOf(lead.id);
    expect(thread.messages[1]).toMatchObject({ status: "sent", lastError: null });
    // The next pull brings Google's copy of the reply back: it still shows once.
    await pullLsaLeads(db(), api);
    thread = await threadOf(lead.id);
    expect(thread.messages.filter((m) => m.body === "On our way, 15 minutes.")).toHaveLength(1);
    expect(await fireDue(new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it("shows a reply Google refuses in words, and does not send it again", async () => {
    const { lead, google } = await pulledLead("MESSAGE");
    google.leadStatus = "WIPED_OUT";
    await queueLsaReply(db(), lead.id, "Still need help?", TEST_ACTOR);
    await fireDue(new Date());
    const [, reply] = (await threadOf(lead.id)).messages;
    expect(reply).toMatchObject({
      status: "failed",
      lastError: "Google refused the reply: The lead does not accept messages.",
    });
    const [timer] = await db().select().from(timers).where(eq(timers.kind, "lsa_reply"));
    expect(timer?.state).toBe("done");
    expect(await fireDue(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(fake.appended).toEqual([]);
  });

  it("refuses a reply to a call lead, in words", async () => {
    const { lead } = await pulledLead("PHONE_CALL");
    await expect(queueLsaReply(db(), lead.id, "Hi", TEST_ACTOR)).rejects.toThrow(
      LSA_REPLY_TEXT.notMessage,
    );
    expect(await readLsaThread(db(), lead.id, true)).toBeUndefined();
  });

  it("renews an expired token, and tries a refused sign-in again", async () => {
    const { lead } = await pulledLead("MESSAGE");
    // The access token expired: a new one is fetched and the reply goes on the first try.
    fake.expireAccessTokens();
    const tokensBefore = fake.tokenRequests;
    await queueLsaReply(db(), lead.id, "First", TEST_ACTOR);
    await fireDue(new Date());
    expect(fake.tokenRequests).toBe(tokensBefore + 1);
    expect((await threadOf(lead.id)).messages[1]).toMatchObject({ status: "sent" });
    // The refresh token is revoked too: kept in words, and the timer tries again.
    fake.expireAccessTokens();
    fake.revoked.add(REFRESH);
    try {
      const second = await queueLsaReply(db(), lead.id, "Second", TEST_ACTOR);
      await fireDue(new Date());
      expect((await threadOf(lead.id)).messages[2]).toMatchObject({
        status: "sending",
        lastError: "Google refused the sign-in: reconnect.",
      });
      const [timer] = await db()
        .select()
        .from(timers)
        .where(eq(timers.key, `lsa_reply:${second.id}`));
      expect(timer).toMatchObject({ state: "pending", tries: 1 });
    } finally {
      fake.revoked.delete(REFRESH);
    }
    expect(await fireDue(new Date(Date.now() + 3_600_000))).toBe(1);
    expect((await threadOf(lead.id)).messages[2]).toMatchObject({
      status: "sent",
      lastError: null,
    });
    expect(fake.appended.map((a) => a.text)).toEqual(["First", "Second"]);
  });
});
