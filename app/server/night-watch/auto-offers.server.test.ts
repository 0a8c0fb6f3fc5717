import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "~/server/db/messaging-tables.server";
import { listLeadActivity } from "~/server/activity/activity.server";
import { setLeadStatus } from "~/server/leads/lead-lifecycle.server";
import { createLead } from "~/server/leads/leads.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { uniquePhone } from "../../../tests/helpers/phones";
import {
  alertsOf,
  chainOf,
  later,
  locksmithsFor,
  offersOf,
  ON_CALL_PHONE,
  operatorTextsOf,
  savedWatchSettings,
  testZip,
  timersOf,
  watchDeps,
  watchSettings,
  webRequest,
} from "../../../tests/helpers/night-watch";
import type { PushNotice } from "~/lib/push/push-notice";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import type { Db } from "../db/database.server";
import { fireDueTimers } from "./timer-worker.server";

const SECONDS = 60;

describeEachDatabase("automatic offers", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  let settings = watchSettings({ offerSeconds: SECONDS, maxOffers: 3 });
  const fake = new FakeTwilio();
  const deps = () => watchDeps(db(), () => settings, { fakeTwilio: fake });
  const fire = (now: Date) => fireDueTimers(deps(), { now });

  const setUp = async (names: string[], overrides = {}) => {
    settings = await savedWatchSettings(db(), {
      offerSeconds: SECONDS,
      maxOffers: 3,
      ...overrides,
    });
    const zip = testZip();
    const smiths = await locksmithsFor(db(), zip, names);
    const lead = await webRequest(db(), zip);
    return { smiths, lead, t0: new Date() };
  };

  const actions = async (leadId: string) =>
    (await listLeadActivity(db(), leadId)).map((entry) => entry.action).reverse();

  it("offers a new web request to the best-ranked locksmith at once, with a link and a timer", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch"]);
    await fire(later(t0, 5));
    const [offer] = await offersOf(db(), lead.id);
    expect(offer).toMatchObject({ state: "offered", locksmithId: smiths[0]!.id });
    expect(offer!.expiresAt.getTime() - offer!.createdAt.getTime()).toBeGreaterThan(
      (SECONDS - 2) * 1000,
    );
    expect((await w.leadRow(lead.id)).status).toBe("in_progress");
    const [text] = await locksmithTexts(db(), lead.id);
    expect(text!.toPhone).toBe(smiths[0]!.phone);
    expect(text!.body).toMatch(/\/j\/[A-Za-z0-9_-]{43}/);
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "running", offers: 1 });
    expect(await actions(lead.id)).toEqual(
      expect.arrayContaining(["created", "auto_offers_started", "dispatched", "auto_offer_made"]),
    );
  });

  it("passes an unanswered offer on when its time is up, and the next one's accept ends the chain", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch", "Cy Cole"]);
    await fire(later(t0, 5));
    await fire(later(t0, (SECONDS - 5) * 1000));
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
    await fire(later(t0, (SECONDS + 2) * 1000));
    const [first, second] = await offersOf(db(), lead.id);
    expect(first).toMatchObject({ state: "expired", locksmithId: smiths[0]!.id });
    expect(second).toMatchObject({ state: "offered", locksmithId: smiths[1]!.id });
    // Bo accepts through his link.
    const token = tokenIn((await locksmithTexts(db(), lead.id))[1]!.body);
    expect(await w.act(token, { intent: "accept" }, later(t0, (SECONDS + 10) * 1000))).toBe(
      "accept",
    );
    await fire(later(t0, (SECONDS + 11) * 1000));
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "accepted", offers: 2 });
    // Nothing more happens when the accepted offer's original limit passes.
    await fire(later(t0, 3 * SECONDS * 1000));
    expect(await offersOf(db(), lead.id)).toHaveLength(2);
    expect((await w.leadRow(lead.id)).assignedLocksmithId).toBe(smiths[1]!.id);
    expect(await alertsOf(db(), lead.id)).toEqual([]);
    expect(await actions(lead.id)).toEqual(
      expect.arrayContaining(["offer_expired", "auto_offer_made", "locksmith_accepted"]),
    );
  });

  it("a decline passes the lead on at once, not at the offer's limit", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch"]);
    await fire(later(t0, 5));
    const token = tokenIn((await locksmithTexts(db(), lead.id))[0]!.body);
    await w.act(token, { intent: "decline" }, later(t0, 2_000));
    await fire(later(t0, 2_500));
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((row) => [row.locksmithId, row.state])).toEqual([
      [smiths[0]!.id, "declined"],
      [smiths[1]!.id, "offered"],
    ]);
  });

  it("after N offers without an accept, escalates to the on-call operator: alert, text, call", async () => {
    const { lead, t0 } = await setUp(["Ann Ames", "Bo Birch", "Cy Cole"], { maxOffers: 2 });
    const calls = fake.calls.length;
    await fire(later(t0, 5));
    await fire(later(t0, (SECONDS + 1) * 1000));
    await fire(later(t0, (2 * SECONDS + 2) * 1000));
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((row) => row.state)).toEqual(["expired", "expired"]);
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "escalated", offers: 2 });
    expect((await w.leadRow(lead.id)).status).toBe("new");
    const alerts = await alertsOf(db(), lead.id);
    expect(alerts).toMatchObject([{ rule: "auto_offers_failed", clearedAt: null }]);
    // The escalation ladder's first rung (the on-call operator) is woken on the next pass;
    // the call is its own timer, placed once, after that committed.
    await fire(later(t0, (2 * SECONDS + 3) * 1000));
    await fire(later(t0, (2 * SECONDS + 4) * 1000));
    const [text] = await operatorTextsOf(db(), lead.id);
    expect(text).toMatchObject({ toPhone: ON_CALL_PHONE, status: "queued" });
    expect(text!.body).toContain("Automatic offers found nobody");
    expect(text!.body).toContain("2 offers, no accept");
    expect(text!.body).toContain(`/admin/leads/${lead.id}`);
    // (Other tests' chains share the database and may call too: this lead's call is one timer.)
    const voice = (await timersOf(db(), lead.id)).filter((timer) => timer.kind === "voice_call");
    expect(voice).toMatchObject([{ state: "done", attempts: 1 }]);
    expect(fake.calls.length).toBeGreaterThan(calls);
    expect(fake.calls.at(-1)).toMatchObject({ to: ON_CALL_PHONE });
    expect(fake.calls.at(-1)!.twiml).toContain("Automatic offers found nobody");
    // A third locksmith was there, but the chain offered no more.
    expect(await offersOf(db(), lead.id)).toHaveLength(2);
  });

  it("nobody eligible escalates at once; without Twilio the text waits in Messages, nobody is called", async () => {
    settings = await savedWatchSettings(db(), { offerSeconds: SECONDS });
    const lead = await webRequest(db(), testZip());
    const calls = fake.calls.length;
    const pushed: PushNotice[] = [];
    const quiet = watchDeps(db(), () => settings, {
      texts: unconfiguredTexts,
      fakeTwilio: fake,
      pushed,
    });
    // The escalation, then its ladder's first wake-up, then that wake-up's push.
    for (const ms of [5, 10, 15]) await fireDueTimers(quiet, { now: later(new Date(), ms) });
    // The operators' devices hear of the request, then of the escalation (decision 0033).
    const aboutThisLead = pushed.filter((notice) => notice.url === `/admin/leads/${lead.id}`);
    expect(aboutThisLead.map((notice) => notice.title)).toEqual([
      "New web request",
      "Needs attention: Automotive for Night Caller",
    ]);
    expect(aboutThisLead[1]!.body).toContain("nobody is eligible");
    expect(await offersOf(db(), lead.id)).toEqual([]);
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "escalated", offers: 0 });
    const [text] = await operatorTextsOf(db(), lead.id);
    expect(text).toMatchObject({ status: "unsent" });
    expect(text!.body).toContain("nobody is eligible");
    expect(fake.calls.length).toBe(calls);
  });

  it("a call's lead starts a chain too; with no ZIP nobody is eligible and the office hears at once", async () => {
    settings = await savedWatchSettings(db(), { offerSeconds: SECONDS });
    const call = await createLead(
      db(),
      { name: null, phone: uniquePhone(), serviceType: "emergency", source: "phone" },
      { kind: "webhook", name: "Phone system" },
    );
    await fire(later(new Date(), 5));
    expect(await chainOf(db(), call.id)).toMatchObject({ state: "escalated", offers: 0 });
    expect(await alertsOf(db(), call.id)).toMatchObject([{ rule: "auto_offers_failed" }]);
  });

  it("the office taking over stops the chain: no automatic offer after a status change", async () => {
    const { lead, t0 } = await setUp(["Ann Ames", "Bo Birch"]);
    await fire(later(t0, 5));
    await setLeadStatus(db(), lead.id, "new", TEST_ACTOR, undefined, later(t0, 1_000));
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "stopped" });
    await fire(later(t0, 5 * SECONDS * 1000));
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((row) => row.state)).toEqual(["withdrawn"]);
    expect(await alertsOf(db(), lead.id)).toEqual([]);
    expect(await actions(lead.id)).toContain("auto_offers_stopped");
  });

  it("the office's Reassign stops the chain; the new locksmith's offer is the office's", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch", "Cy Cole"]);
    await fire(later(t0, 5));
    const [auto] = await offersOf(db(), lead.id);
    await w.reassign(lead.id, smiths[2]!.id, auto!.id, "I know Cy is close");
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "stopped", offers: 1 });
    await fire(later(t0, 5 * SECONDS * 1000));
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((row) => [row.locksmithId, row.state])).toEqual([
      [smiths[0]!.id, "withdrawn"],
      [smiths[2]!.id, "offered"],
    ]);
  });

  it("no chain when the switch is off, outside its window, or for a lead typed in by the office", async () => {
    const zip = testZip();
    await locksmithsFor(db(), zip, ["Ann Ames"]);
    settings = await savedWatchSettings(db(), { mode: "off" });
    const off = await webRequest(db(), zip);
    // A window that is never now: the minute that just passed, until the minute before it.
    settings = await savedWatchSettings(db(), { mode: "window", from: "00:00", to: "00:01" });
    const outside = await webRequest(db(), zip);
    settings = await savedWatchSettings(db());
    const typed = await w.lead();
    for (const lead of [off, typed]) expect(await chainOf(db(), lead.id)).toBeUndefined();
    const chicagoNow = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(new Date());
    if (chicagoNow !== "00") expect(await chainOf(db(), outside.id)).toBeUndefined();
  });

  it("first accept wins: of 20 accepts at once, one takes the job and 19 are told it changed", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch"]);
    await fire(later(t0, 5));
    const token = tokenIn((await locksmithTexts(db(), lead.id))[0]!.body);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => w.act(token, { intent: "accept" }, later(t0, 1_000))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(19);
    await fire(later(t0, 2_000));
    expect(await chainOf(db(), lead.id)).toMatchObject({ state: "accepted" });
    const offers = await offersOf(db(), lead.id);
    expect(offers).toMatchObject([{ state: "accepted", locksmithId: smiths[0]!.id }]);
    expect(await w.jobsOf(lead.id)).toHaveLength(1);
  });

  it("first accept wins: 20 accepts at once and the offer's timer firing, one job for one locksmith", async () => {
    const { smiths, lead, t0 } = await setUp(["Ann Ames", "Bo Birch"], { offerSeconds: 5 });
    await fire(later(t0, 5));
    const token = tokenIn((await locksmithTexts(db(), lead.id))[0]!.body);
    // The taps come at the offer's last moment, as its timer fires.
    const at = later(t0, 4_900);
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => w.act(token, { intent: "accept" }, at)),
      fire(later(t0, 5_100)),
    ]);
    const accepted = results.filter(
      (result) => result.status === "fulfilled" && result.value === "accept",
    );
    const offers = await offersOf(db(), lead.id);
    const live = offers.filter((row) => ["offered", "accepted"].includes(row.state));
    expect(live).toHaveLength(1);
    if (accepted.length === 1) {
      expect(live[0]).toMatchObject({ state: "accepted", locksmithId: smiths[0]!.id });
      expect(await w.jobsOf(lead.id)).toHaveLength(1);
    } else {
      // The timer got there first: every tap was refused and Bo has the next offer.
      expect(accepted).toHaveLength(0);
      expect(live[0]).toMatchObject({ state: "offered", locksmithId: smiths[1]!.id });
      expect(await w.jobsOf(lead.id)).toHaveLength(0);
    }
  });
});

function locksmithTexts(db: Db, leadId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.leadId, leadId), eq(messages.purpose, "locksmith_dispatch")))
    .orderBy(messages.createdAt);
}

function tokenIn(body: string): string {
  return /\/j\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;
}
