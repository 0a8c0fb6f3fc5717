import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatAdsDateTime, LSA_ERROR_TEXT, lsaCreditWords } from "~/lib/lead-inbox/lsa";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import {
  connectFakeLsa,
  fakeAdsClient,
  startFakeGoogleAds,
  type FakeGoogleAds,
} from "../../../tests/helpers/fake-google-ads";
import { watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { tinCipher } from "../tax/tin-cipher.server";
import { activityLog } from "../db/activity-tables.server";
import { leads } from "../db/business-tables.server";
import { openDatabase, type Db } from "../db/database.server";
import { lsaConnection, lsaLeads } from "../db/lead-inbox-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { marketingSources } from "../db/source-tables.server";
import { claimDueTimers } from "../background/timers.server";
import { fireTimer, LEASE_MS } from "../night-watch/timer-worker.server";
import { recordCallEvent } from "../phones/call-events.server";
import { googleAdsRest, LSA_TOKEN_TEXT, type GoogleAdsApi } from "./google-ads.server";
import {
  disconnectLsa,
  disputeLsaLead,
  lsaConnectionView,
  lsaLeadOf,
  LSA_PULL_KEY,
} from "./lsa-connection.server";
import { lsaPeriodCounts, pullLsaLeads } from "./lsa-pull.server";

/*
 * Google Local Services leads against a local fake of the Google Ads REST API and Google's
 * token endpoint (issue 51): each lead stored once, a phone lead matched to the call Lockline
 * logged, message leads made into leads with their source, a dispute sent with its reason and
 * its credit state read back, a refused sign-in kept in words and retried.
 */

/** The server's TIN_ENCRYPTION_KEY cipher, which seals the stored refresh token. */
const cipher = tinCipher(randomBytes(32).toString("base64"));
let fake: FakeGoogleAds;
let CLIENT: Parameters<typeof googleAdsRest>[0];
let api: GoogleAdsApi;
const REFRESH = "1//fake-refresh-token";

beforeAll(async () => {
  fake = await startFakeGoogleAds();
  CLIENT = fakeAdsClient(fake);
  api = googleAdsRest({ ...CLIENT, cipher });
});
afterAll(async () => {
  await fake?.close();
});

const chicagoNow = (offsetMs = 0) =>
  formatAdsDateTime(new Date(Date.now() + offsetMs), "America/Chicago");

const leadsFor = (db: Db, phone: string) => db.select().from(leads).where(eq(leads.phone, phone));

const activityOf = async (db: Db, action: string) =>
  db.select().from(activityLog).where(eq(activityLog.action, action)).orderBy(desc(activityLog.at));

describeEachDatabase("Google Local Services leads", (t) => {
  const db = () => t.handle.db;

  beforeAll(async () => {
    await connectFakeLsa(db(), fake, REFRESH, cipher);
  });

  it("a message lead becomes a lead with the source Google Local Services, once", async () => {
    const phone = uniquePhone();
    fake.addLead({
      type: "MESSAGE",
      at: chicagoNow(),
      phone,
      name: "Rita Moss",
      text: "Locked out at 5th and Main",
    });
    const first = await pullLsaLeads(db(), api);
    expect(first?.created).toBeGreaterThanOrEqual(1);
    const [lead] = await leadsFor(db(), phone);
    expect(lead).toMatchObject({
      name: "Rita Moss",
      sourceName: "Google Local Services",
      status: "new",
      serviceType: "emergency",
    });
    expect(lead!.details).toContain("Locked out at 5th and Main");
    const sources = await db().select().from(marketingSources);
    expect(sources.map((s) => s.name)).toContain("Google Local Services");
    // The next pull reads it again (the overlap) and makes nothing new.
    await pullLsaLeads(db(), api);
    expect(await leadsFor(db(), phone)).toHaveLength(1);
    const lsa = await lsaLeadOf(db(), lead!.id);
    expect(lsa).toMatchObject({ leadType: "MESSAGE", charged: false, creditState: null });
    expect((await activityOf(db(), "lsa_pulled")).length).toBeGreaterThanOrEqual(2);
    const view = await lsaConnectionView(db());
    expect(view).toMatchObject({ customerId: "123-456-7890", lastError: null });
    expect(view?.lastPullAt).toBeInstanceOf(Date);
    expect(JSON.stringify(view)).not.toContain(REFRESH);
  });

  it("a phone lead matches the call Lockline logged and makes no second lead", async () => {
    const phone = uniquePhone();
    const logged = await recordCallEvent(db(), {
      CallSid: `CA${crypto.randomUUID().replace(/-/g, "")}`,
      CallStatus: "completed",
      From: phone,
      To: "+13125550147",
      Direction: "inbound",
      CallDuration: 94,
    });
    if (logged.outcome !== "created" || !logged.lead) throw new Error("no call lead");
    const other = uniquePhone();
    fake.addLead({ type: "PHONE_CALL", at: chicagoNow(), phone, name: "Al Park" });
    fake.addLead({ type: "PHONE_CALL", at: chicagoNow(), phone: other, name: "Bo Lin" });
    const outcome = await pullLsaLeads(db(), api);
    expect(outcome?.matched).toBe(1);
    expect(await leadsFor(db(), phone)).toHaveLength(1);
    const lsa = await lsaLeadOf(db(), logged.lead.id);
    expect(lsa).toMatchObject({
      leadType: "PHONE_CALL",
      charged: true,
      callLogId: logged.callLog.id,
    });
    expect(lsa?.conversations).toEqual([
      expect.objectContaining({
        callDurationSeconds: 94,
        recordingUrl: expect.stringContaining("recording"),
      }),
    ]);
    // A phone lead with no call logged here (the profile's number is not Lockline's) is a lead.
    const [unmatched] = await leadsFor(db(), other);
    expect(unmatched).toMatchObject({ sourceName: "Google Local Services", source: "phone" });
  });

  it("a dispute sends the reason, and the credit state comes back in later pulls", async () => {
    const phone = uniquePhone();
    const google = fake.addLead({ type: "MESSAGE", at: chicagoNow(), phone, text: "Buy SEO now" });
    await pullLsaLeads(db(), api);
    const [lead] = await leadsFor(db(), phone);
    // "Another reason" needs words (Google requires the comment with it): nothing is sent.
    const sentBefore = fake.feedback.length;
    await expect(
      disputeLsaLead(
        db(),
        api,
        { leadId: lead!.id, reason: "OTHER_DISSATISFIED_REASON" },
        TEST_ACTOR,
      ),
    ).rejects.toThrow("Google asks for words");
    expect(fake.feedback).toHaveLength(sentBefore);
    const { creditDecision } = await disputeLsaLead(
      db(),
      api,
      { leadId: lead!.id, reason: "SOLICITATION" },
      TEST_ACTOR,
    );
    expect(creditDecision).toBe("SUCCESS_NOT_REACHED_THRESHOLD");
    expect(fake.feedback.at(-1)).toEqual({
      resourceName: google.resourceName,
      body: {
        surveyAnswer: "VERY_DISSATISFIED",
        surveyDissatisfied: { surveyDissatisfiedReason: "SOLICITATION" },
      },
    });
    await expect(
      disputeLsaLead(db(), api, { leadId: lead!.id, reason: "SPAM" }, TEST_ACTOR),
    ).rejects.toThrow("already reported");
    await pullLsaLeads(db(), api);
    let lsa = await lsaLeadOf(db(), lead!.id);
    expect(lsa).toMatchObject({ creditState: "PENDING", disputeReason: "SOLICITATION" });
    expect(lsaCreditWords(lsa!)).toBe("Google will credit this lead; the credit is pending");
    // Google credits it later; the pull reads it even when it is older than the window.
    google.creditDetails = { creditState: "CREDITED", creditStateLastUpdateDateTime: chicagoNow() };
    google.creationDateTime = "2026-01-02 03:04:05";
    await pullLsaLeads(db(), api);
    lsa = await lsaLeadOf(db(), lead!.id);
    expect(lsa?.creditState).toBe("CREDITED");
    expect(lsaCreditWords(lsa!)).toBe("Credited by Google");
    // The report's line for the period: the lead counts on the day it was stored as made.
    const january = await lsaPeriodCounts(db(), {
      start: new Date("2026-01-01T06:00:00Z"),
      end: new Date("2026-02-01T06:00:00Z"),
    });
    expect(january).toEqual({ leads: 0, charged: 0, credited: 0, pending: 0 });
    const today = await lsaPeriodCounts(db(), {
      start: new Date(Date.now() - 86_400_000),
      end: new Date(Date.now() + 86_400_000),
    });
    expect(today.leads).toBeGreaterThanOrEqual(3);
    expect(today.credited).toBe(1);
    expect(today.charged).toBeGreaterThanOrEqual(1);
    const changed = await activityOf(db(), "lsa_credit_changed");
    expect(changed[0]).toMatchObject({ leadId: lead!.id, after: { creditState: "CREDITED" } });
  });

  it("a refused sign-in is kept in words and retried by the timer, never crashing it", async () => {
    fake.revoked.add(REFRESH);
    const revokedApi = googleAdsRest({ ...CLIENT, cipher });
    try {
      const now = new Date(Date.now() + 60_000);
      await db()
        .update(timers)
        .set({ dueAt: new Date(), state: "pending" })
        .where(eq(timers.key, LSA_PULL_KEY));
      const deps = {
        ...watchDeps(db(), () => watchSettings({})),
        lsaPull: async (at: Date) => (await pullLsaLeads(db(), revokedApi, at)) !== undefined,
      };
      const claimed = await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS, now });
      const pull = claimed.find((timer) => timer.key === LSA_PULL_KEY)!;
      expect(pull).toBeDefined();
      await fireTimer(deps, pull, await deps.context(now));
      const [after] = await db().select().from(timers).where(eq(timers.key, LSA_PULL_KEY));
      expect(after).toMatchObject({ state: "pending", tries: 1, lastError: LSA_ERROR_TEXT.signIn });
      // Tried again after the backoff (from the wall clock: the failure's own time).
      expect(after!.dueAt.getTime()).toBeGreaterThan(Date.now());
      expect((await lsaConnectionView(db()))?.lastError).toBe(
        "Google refused the sign-in: reconnect",
      );
      expect((await activityOf(db(), "lsa_pull_failed"))[0]?.after).toEqual({
        error: "Google refused the sign-in: reconnect",
      });
      // Reconnecting with a new token pulls at once and clears the error.
      await connectFakeLsa(db(), fake, "1//new-token", cipher);
      const [again] = await db().select().from(timers).where(eq(timers.key, LSA_PULL_KEY));
      expect(again).toMatchObject({ state: "pending", tries: 0 });
      await pullLsaLeads(db(), api);
      expect((await lsaConnectionView(db()))?.lastError).toBeNull();
    } finally {
      fake.revoked.delete(REFRESH);
    }
  });

  it("two processes pulling at once store each lead once and make one lead", async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    for (const phone of phones) fake.addLead({ type: "BOOKING", at: chicagoNow(), phone });
    // On PostgreSQL the second pull has its own connections, as another process would.
    const second = t.url
      ? await openDatabase({ kind: "postgres", url: t.url, poolSize: 2 })
      : undefined;
    try {
      await Promise.all([
        pullLsaLeads(db(), api),
        pullLsaLeads(second?.db ?? db(), api),
        pullLsaLeads(db(), api),
      ]);
    } finally {
      await second?.close();
    }
    for (const phone of phones) {
      expect(await leadsFor(db(), phone)).toHaveLength(1);
      expect(await db().select().from(lsaLeads).where(eq(lsaLeads.phone, phone))).toHaveLength(1);
    }
  });

  it("keeps the refresh token sealed: the column is not the token, and the pull opens it", async () => {
    const [row] = await db().select().from(lsaConnection);
    expect(row!.refreshToken).toMatch(/^v1\./);
    expect(row!.refreshToken).not.toContain("new-token");
    // A new API client has no access token yet: it signs in with the token it opened.
    const fresh = googleAdsRest({ ...CLIENT, cipher });
    const seen = fake.refreshTokensSeen.length;
    await expect(pullLsaLeads(db(), fresh)).resolves.toBeDefined();
    expect(fake.refreshTokensSeen.slice(seen)).toEqual(["1//new-token"]);
    // A server with another key cannot open it: said in words, nothing sent to Google.
    const otherKey = googleAdsRest({
      ...CLIENT,
      cipher: tinCipher(randomBytes(32).toString("base64")),
    });
    await expect(pullLsaLeads(db(), otherKey)).rejects.toThrow(LSA_TOKEN_TEXT.wrongKey);
    expect((await lsaConnectionView(db()))?.lastError).toBe(LSA_TOKEN_TEXT.wrongKey);
    expect(fake.refreshTokensSeen.length).toBe(seen + 1);
    // With no key on the server, a token is not stored at all.
    await expect(connectFakeLsa(db(), fake, "1//x-token", null)).rejects.toThrow(
      LSA_TOKEN_TEXT.noKey,
    );
    const [after] = await db().select().from(lsaConnection);
    expect(after!.refreshToken).toBe(row!.refreshToken);
  });

  it("disconnect stops the pull and forgets the token", async () => {
    await disconnectLsa(db(), TEST_ACTOR);
    expect(await lsaConnectionView(db())).toBeNull();
    expect(await pullLsaLeads(db(), api)).toBeUndefined();
    const [timer] = await db().select().from(timers).where(eq(timers.key, LSA_PULL_KEY));
    expect(timer?.state).not.toBe("pending");
  });
});
