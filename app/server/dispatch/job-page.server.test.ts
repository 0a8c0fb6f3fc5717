import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { RULE } from "~/lib/ui-text";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import { dispatchCodes, jobs } from "../db/business-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { actOnJobPage, PriceCheckError } from "./job-page.server";
import { ETA_RETEXT_MINUTES } from "./eta-text.server";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { setJobStatus } from "../money/jobs.server";
import { setLeadStatus } from "../leads/lead-lifecycle.server";

describeEachDatabase("the locksmith's job page", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** A lead with the customer's consent, dispatched to Marcus; his link's token. */
  async function dispatched(cut = 60) {
    const smith = await w.locksmith("Marcus Reed", cut);
    const lead = await w.lead({ consent: true, serviceType: "automotive" });
    const dispatch = await w.dispatch(lead.id, smith.id);
    return { smith, lead, code: dispatch.code!, token: w.tokenOf(dispatch) };
  }
  const customerTexts = async (leadId: string, purpose: string) =>
    (await w.textsOf(leadId)).filter((row) => row.purpose === purpose);

  it("shows the job to the locksmith, offering Accept and Decline", async () => {
    const { token, code } = await dispatched();
    expect(await w.page(token)).toMatchObject({
      stage: "offered",
      actions: ["accept", "decline"],
      locksmithName: "Marcus Reed",
      customer: { name: "Ann Lee", address: "6118 S Pulaski Rd", zip: "60629" },
      service: SERVICE_TYPE_LABELS.automotive,
      code: code.code,
      job: null,
    });
  });

  it("runs accept → on my way → arrived → complete, as the locksmith, with his split", async () => {
    const { token, lead, code, smith } = await dispatched(60);
    expect(await w.act(token, { intent: "accept" })).toBe("accept");
    const [job] = await w.jobsOf(lead.id);
    expect(job).toMatchObject({ status: "in_progress", locksmithId: smith.id });
    const [usedCode] = await db().select().from(dispatchCodes).where(eq(dispatchCodes.id, code.id));
    expect(usedCode!.status).toBe("used");

    await w.act(token, { intent: "on_my_way", minutes: 25 });
    const [told] = await customerTexts(lead.id, "customer_on_the_way");
    expect(told?.body).toContain("Marcus Reed is on the way, about 25 minutes out.");
    expect(told).toMatchObject({ status: "queued", jobId: job!.id });
    expect(await w.page(token)).toMatchObject({ stage: "on_the_way", etaMinutes: 25 });

    await w.act(token, { intent: "arrived" });
    expect(await w.page(token)).toMatchObject({ stage: "arrived", actions: ["complete"] });

    await w.quoteAndComplete(token, 18_550);
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "completed",
      locksmithId: smith.id,
      finalPriceCents: 18_550,
      theirCutPercent: 60,
      theirCutCents: 11_130,
      yourCutCents: 7_420,
      priceFlag: null,
    });
    expect((await w.leadRow(lead.id)).status).toBe("completed");
    expect(await w.assignmentOf(token)).toMatchObject({ state: "completed" });
    expect(await w.page(token)).toMatchObject({
      stage: "completed",
      actions: [],
      customer: { name: "Ann Lee" },
      job: { status: "completed", finalPriceCents: 18_550, theirCutCents: 11_130 },
    });
    const timeline = await listLeadActivity(db(), lead.id);
    const byLocksmith = timeline.filter((entry) => entry.actorKind === "locksmith");
    expect(byLocksmith.every((entry) => entry.actorName === "Marcus Reed")).toBe(true);
    expect(byLocksmith.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["locksmith_accepted", "locksmith_arrived", "locksmith_completed"]),
    );
  });

  it("shows the customer for 12 hours after completing, then only that it is done", async () => {
    const { token } = await dispatched();
    await w.act(token, { intent: "accept" });
    await w.quoteAndComplete(token, 15_000);
    const later = new Date(Date.now() + 12 * 3_600_000 + 1000);
    expect(await w.page(token, later)).toMatchObject({
      stage: "completed",
      customer: null,
      code: null,
      job: { finalPriceCents: 15_000 },
    });
  });

  it("texts the customer 'on the way' once, and once more for a new estimate 5 minutes on", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    const start = new Date();
    const minutesOn = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(await w.act(token, { intent: "on_my_way", minutes: 25 }, start)).toBe("on_my_way");
    for (let tap = 0; tap < 10; tap++) {
      expect(await w.act(token, { intent: "on_my_way", minutes: 20 }, minutesOn(1))).toBe(
        "on_my_way_quiet",
      );
    }
    expect(await customerTexts(lead.id, "customer_on_the_way")).toHaveLength(1);
    await w.act(token, { intent: "on_my_way", minutes: 15 }, minutesOn(ETA_RETEXT_MINUTES));
    await w.act(token, { intent: "on_my_way", minutes: 10 }, minutesOn(30));
    const told = await customerTexts(lead.id, "customer_on_the_way");
    expect(told.map((row) => row.body.match(/about (\d+) minutes/)?.[1])).toEqual(["25", "15"]);
    expect(await w.page(token)).toMatchObject({ etaMinutes: 10 });
  });

  it("texts a new estimate given inside the 5-minute pause when the pause ends, once", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    const start = new Date();
    const minutesOn = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await w.act(token, { intent: "on_my_way", minutes: 25 }, start);
    // Stuck in traffic a minute later: 40 minutes from the start now. Not texted yet.
    expect(await w.act(token, { intent: "on_my_way", minutes: 40 }, minutesOn(1))).toBe(
      "on_my_way_quiet",
    );
    await w.act(token, { intent: "on_my_way", minutes: 40 }, minutesOn(2));
    const deps = () => watchDeps(t.handle.db, () => watchSettings());
    await fireDueTimers(deps(), { now: minutesOn(4.9) });
    expect(await customerTexts(lead.id, "customer_on_the_way")).toHaveLength(1);
    await fireDueTimers(deps(), { now: minutesOn(ETA_RETEXT_MINUTES) });
    await fireDueTimers(deps(), { now: minutesOn(9) });
    const told = await customerTexts(lead.id, "customer_on_the_way");
    // The estimate as it stands when the pause ends: 40 from the start, 35 from now.
    expect(told.map((row) => row.body.match(/about (\d+) minutes/)?.[1])).toEqual(["25", "35"]);
    // The update was the last one: a later change changes the page only.
    expect(await w.act(token, { intent: "on_my_way", minutes: 50 }, minutesOn(20))).toBe(
      "on_my_way_quiet",
    );
    await fireDueTimers(deps(), { now: minutesOn(40) });
    expect(await customerTexts(lead.id, "customer_on_the_way")).toHaveLength(2);
  });

  it("asks again before completing at a price far above the usual, then flags it", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    // The customer approved $1,850 (a big job, with its reason): the price check still asks.
    await w.approvedQuote(token, 185_000);
    const typo = w.complete(token, 185_000);
    await expect(typo).rejects.toBeInstanceOf(PriceCheckError);
    await expect(typo).rejects.toMatchObject({
      priceCents: 185_000,
      field: "price",
      message: expect.stringMatching(/^\$1,850\.00 is more than 3 times the usual top price/),
    });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "in_progress",
      finalPriceCents: null,
    });
    // A different amount is not a confirmation of this one.
    await expect(w.complete(token, 185_000, { confirmed: 18_500 })).rejects.toBeInstanceOf(
      PriceCheckError,
    );
    await w.complete(token, 185_000, { confirmed: 185_000 });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "completed",
      finalPriceCents: 185_000,
      priceFlag: expect.stringMatching(/usual top price.*confirmed by Marcus Reed$/),
    });
    // The office corrects it: the split follows the rules again, the flag is cleared, and it is logged.
    const { setJobPricing } = await import("../money/jobs.server");
    const [job] = await w.jobsOf(lead.id);
    await setJobPricing(db(), job!.id, { finalPriceCents: 18_500 }, TEST_ACTOR);
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      finalPriceCents: 18_500,
      theirCutCents: 11_100,
      priceFlag: null,
    });
    const priced = (await listLeadActivity(db(), lead.id)).find(
      (entry) => entry.action === "priced",
    );
    expect(priced).toMatchObject({
      actorName: "Test Operator",
      before: { finalPriceCents: 185_000 },
      after: expect.objectContaining({ finalPriceCents: 18_500 }),
    });
  });

  it("hands a declined lead back to the office: New, nobody's, the job waiting open", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await w.act(token, { intent: "decline" });
    expect(await w.leadRow(lead.id)).toMatchObject({ status: "new", assignedLocksmithId: null });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "in_progress",
      locksmithId: null,
    });
    expect(await w.page(token)).toMatchObject({
      stage: "ended",
      endReason: "declined",
      customer: null,
      actions: [],
    });
    await expect(w.act(token, { intent: "accept" })).rejects.toMatchObject({
      status: 409,
      message: RULE.jobLinkStageChanged,
    });
  });

  it("lets an offered code lapse when declined before accepting", async () => {
    const { token, lead, code } = await dispatched();
    await w.act(token, { intent: "decline" });
    const [lapsed] = await db().select().from(dispatchCodes).where(eq(dispatchCodes.id, code.id));
    expect(lapsed!.status).toBe("expired");
    expect(await w.jobsOf(lead.id)).toHaveLength(0);
    const timeline = await listLeadActivity(db(), lead.id);
    expect(timeline[0]).toMatchObject({ action: "locksmith_declined", actorKind: "locksmith" });
  });

  it("refuses a tap the state does not allow, and changes nothing", async () => {
    const { token, lead } = await dispatched();
    await expect(w.complete(token, 100)).rejects.toMatchObject({
      status: 409,
    });
    await w.act(token, { intent: "accept" });
    await expect(w.act(token, { intent: "accept" })).rejects.toMatchObject({ status: 409 });
    expect(await w.jobsOf(lead.id)).toHaveLength(1);
  });

  it("makes one job however many times Accept is tapped at once", async () => {
    const { token, lead } = await dispatched();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => w.act(token, { intent: "accept" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await w.jobsOf(lead.id)).toHaveLength(1);
  });

  it("completes once when Complete is tapped twice at once", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await w.approvedQuote(token, 15_000);
    const results = await Promise.allSettled([
      w.complete(token, 15_000),
      w.complete(token, 15_000),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await w.jobsOf(lead.id)).map((job) => job.status)).toEqual(["completed"]);
  });

  it("does not open for unknown tokens; an offer past its time reads as expired", async () => {
    const { token } = await dispatched();
    expect(await w.page("x".repeat(43))).toBeUndefined();
    expect(await w.page("not a token")).toBeUndefined();
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await w.page(token, tomorrow)).toMatchObject({
      stage: "ended",
      endReason: "expired",
      customer: null,
    });
    await expect(w.act(token, { intent: "accept" }, tomorrow)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("an old offer cannot outlive its job: the office completes it, and the link is closed", async () => {
    const smith = await w.locksmith("Old Offer");
    const lead = await w.lead();
    const dispatch = await w.dispatch(lead.id, smith.id);
    const token = w.tokenOf(dispatch);
    const { createJobFromLead, setJobPricing } = await import("../money/jobs.server");
    const { job } = await createJobFromLead(db(), lead.id, TEST_ACTOR);
    expect(job.locksmithId).toBeNull();
    await setJobPricing(db(), job.id, { finalPriceCents: 15_000 }, TEST_ACTOR);
    // A lockout: its door check read out to the office by phone first (decision 0075).
    await w.heardByPhone(job.id);
    await setJobStatus(db(), job.id, "completed", TEST_ACTOR);
    expect(await w.assignmentOf(token)).toMatchObject({ state: "withdrawn", endReason: "closed" });
    await expect(w.act(token, { intent: "accept" })).rejects.toMatchObject({ status: 409 });
    await expect(w.complete(token, 250_000, { confirmed: 250_000 })).rejects.toMatchObject({
      status: 409,
    });
    const all = await db().select().from(jobs).where(eq(jobs.leadId, lead.id));
    expect(all.map((row) => [row.status, row.finalPriceCents, row.locksmithId])).toEqual([
      ["completed", 15_000, null],
    ]);
    expect(await w.page(token)).toMatchObject({
      stage: "ended",
      endReason: "closed",
      customer: null,
    });
  });

  it("completes with the holder when the office completes the job they are on", async () => {
    const { token, lead, smith } = await dispatched();
    await w.act(token, { intent: "accept" });
    const [job] = await w.jobsOf(lead.id);
    await w.heardByPhone(job!.id);
    await setJobStatus(db(), job!.id, "completed", TEST_ACTOR);
    expect(await w.assignmentOf(token)).toMatchObject({ state: "completed" });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({ locksmithId: smith.id });
  });

  it("tells the locksmith when the office puts the lead back to New or cancels it", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await setLeadStatus(db(), lead.id, "new", TEST_ACTOR, unconfiguredTexts());
    expect(await w.page(token)).toMatchObject({ stage: "ended", endReason: "taken_back" });
    const offJob = (await w.textsOf(lead.id)).filter((row) => row.purpose === "locksmith_off_job");
    expect(offJob.map((row) => row.body)).toEqual([expect.stringContaining("took it back")]);

    const second = await dispatched();
    await w.act(second.token, { intent: "accept" });
    await setLeadStatus(db(), second.lead.id, "cancelled", TEST_ACTOR, unconfiguredTexts());
    expect(await w.page(second.token)).toMatchObject({ stage: "ended", endReason: "cancelled" });
    expect((await w.jobsOf(second.lead.id))[0]).toMatchObject({ status: "cancelled" });
    expect(await w.leadRow(second.lead.id)).toMatchObject({ status: "cancelled" });
  });

  it("texts nobody but the office's outbox when Twilio is not configured", async () => {
    const { token, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await actOnJobPage(db(), token, { intent: "on_my_way", minutes: 10 }, unconfiguredTexts());
    const [told] = await customerTexts(lead.id, "customer_on_the_way");
    expect(told?.status).toBe("unsent");
  });
});
