import { and, eq } from "drizzle-orm";
import { OFFICE_OFFER_MINUTES } from "~/lib/dispatch/offer-deadline";
import { formatTime } from "~/lib/format";
import { listDispatchCodes } from "./dispatch-codes.server";
import { expect, it } from "vitest";
import { RULE } from "~/lib/ui-text";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, unconfiguredTexts } from "../../../tests/helpers/texting";
import { customers, jobs, leads } from "../db/business-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { dispatchLead } from "./dispatch.server";
import { setLeadStatus, reopenLead } from "../leads/lead-lifecycle.server";
import { setLocksmithActive } from "../locksmiths/locksmiths.server";

describeEachDatabase("dispatch, reassign and assign by phone", (t) => {
  const w = dispatchWorld(() => t.handle.db);

  it("offers the lead: In Progress, theirs, a code, a live offer, and says so, in one step", async () => {
    const smith = await w.locksmith("Marcus Reed");
    const open = await w.lead();
    const dispatch = await w.dispatch(open.id, smith.id);
    expect(dispatch.lead).toMatchObject({ assignedLocksmithId: smith.id, status: "in_progress" });
    expect(dispatch.code).toMatchObject({
      leadId: open.id,
      locksmithId: smith.id,
      status: "assigned",
    });
    expect(dispatch.code!.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(dispatch.text).toContain(`code ${dispatch.code!.code}`);
    expect(dispatch.text).toContain("Where: 6118 S Pulaski Rd, 60629");
    const [offer] = await w.assignmentsOf(open.id);
    expect(offer).toMatchObject({ state: "offered", locksmithId: smith.id, jobId: null });
    // The offer stands its minutes, not the code's day, and the text says until when.
    expect(offer!.expiresAt.getTime() - offer!.createdAt.getTime()).toBeCloseTo(
      OFFICE_OFFER_MINUTES * 60_000,
      -3,
    );
    expect(dispatch.text).toContain(
      `Answer by ${formatTime(offer!.expiresAt)}, or it goes to someone else`,
    );
    expect(dispatch.text).not.toContain("Code valid until");
    const timeline = await listLeadActivity(t.handle.db, open.id);
    expect(timeline[0]).toMatchObject({
      action: "dispatched",
      actorName: "Test Operator",
      after: expect.objectContaining({ locksmithName: "Marcus Reed", code: dispatch.code!.code }),
    });
  });

  it("queues the locksmith's text, and the customer's only with consent", async () => {
    const smith = await w.locksmith("Text Smith");
    const quiet = await w.lead();
    await w.dispatch(quiet.id, smith.id);
    expect((await w.textsOf(quiet.id)).map((row) => row.purpose)).toEqual(["locksmith_dispatch"]);
    const told = await w.lead({ consent: true });
    const dispatch = await w.dispatch(told.id, smith.id);
    const texts = await w.textsOf(told.id);
    // An offer is no promise: the customer hears we are finding their locksmith, no name.
    expect(texts.map((row) => [row.purpose, row.status]).sort()).toEqual([
      ["customer_finding", "queued"],
      ["locksmith_dispatch", "queued"],
    ]);
    const finding = texts.find((row) => row.purpose === "customer_finding")!.body;
    expect(finding).toContain("are finding your locksmith now");
    expect(finding).not.toContain("Text Smith");
    await w.act(w.tokenOf(dispatch), { intent: "accept" });
    const assigned = (await w.textsOf(told.id)).find(
      (row) => row.purpose === "customer_dispatched",
    );
    expect(assigned!.body).toMatch(
      /Text Smith, is assigned[\s\S]*\/t\/[\s\S]*Reply STOP to opt out\.$/,
    );
  });

  it("tells the customer we are finding someone else when the office takes an accepted lead back, not when it cancels", async () => {
    const customerTexts = async (leadId: string) =>
      (await w.textsOf(leadId))
        .map((row) => row.purpose)
        .filter((purpose) => purpose.startsWith("customer_"));
    for (const [status, last] of [
      ["new", "customer_finding"],
      ["cancelled", "customer_cancelled"],
    ] as const) {
      const lead = await w.lead({ consent: true });
      const smith = await w.locksmith(`Back Smith ${status}`);
      await w.act(w.tokenOf(await w.dispatch(lead.id, smith.id)), { intent: "accept" });
      await setLeadStatus(t.handle.db, lead.id, status, TEST_ACTOR, configuredTexts());
      expect(await customerTexts(lead.id)).toEqual([
        "customer_finding",
        "customer_dispatched",
        last,
      ]);
    }
  });

  it("tells the customer who is coming now: nothing on a declined offer, again after a reassign or a drop", async () => {
    const [first, second, third] = [
      await w.locksmith("Nope Smith"),
      await w.locksmith("Dana Quick"),
      await w.locksmith("Eli Later"),
    ];
    const lead = await w.lead({ consent: true });
    const purposes = async () =>
      (await w.textsOf(lead.id))
        .filter((row) => row.purpose.startsWith("customer_"))
        .map((row) => [row.purpose, row.body.match(/Nope Smith|Dana Quick|Eli Later/)?.[0]]);
    // Offered, declined: the customer was told we are finding one, and still is.
    await w.act(w.tokenOf(await w.dispatch(lead.id, first.id)), { intent: "decline" });
    expect(await purposes()).toEqual([["customer_finding", undefined]]);
    // Offered again, accepted: now a name.
    const dana = await w.dispatch(lead.id, second.id);
    expect(await purposes()).toHaveLength(1);
    await w.act(w.tokenOf(dana), { intent: "accept" });
    expect((await purposes()).at(-1)).toEqual(["customer_dispatched", "Dana Quick"]);
    // Reassigned away from the one they were told of: finding again; then the new name.
    const [live] = (await w.assignmentsOf(lead.id)).filter((one) => one.state === "accepted");
    const eli = await w.reassign(lead.id, third.id, live!.id);
    expect((await purposes()).at(-1)).toEqual(["customer_finding", undefined]);
    await w.act(w.tokenOf(eli), { intent: "accept" });
    // Eli drops it after accepting: the customer is told, not left waiting for him.
    await w.act(w.tokenOf(eli), { intent: "decline" });
    expect((await purposes()).slice(-2)).toEqual([
      ["customer_dispatched", "Eli Later"],
      ["customer_finding", undefined],
    ]);
  });

  it("keeps texts unsent without Twilio, and holds back a customer who opted out", async () => {
    const smith = await w.locksmith("Quiet Smith");
    const open = await w.lead({ consent: true });
    await t.handle.db
      .update(customers)
      .set({ textsOptedOutAt: new Date() })
      .where(eq(customers.id, open.customerId!));
    await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: smith.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    expect((await w.textsOf(open.id)).map((row) => [row.purpose, row.status])).toEqual([
      ["locksmith_dispatch", "unsent"],
    ]);
    expect((await listLeadActivity(t.handle.db, open.id)).map((e) => e.action)).toContain(
      "text_withheld",
    );
  });

  it("dispatches once for a double click (the same form token)", async () => {
    const smith = await w.locksmith("Double Click");
    const open = await w.lead();
    const requestId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => w.dispatch(open.id, smith.id, { requestId })),
    );
    expect(new Set(results.map((result) => result.code?.id)).size).toBe(1);
    expect(await w.assignmentsOf(open.id)).toHaveLength(1);
    expect(await w.codesOf(open.id)).toHaveLength(1);
    expect(await w.textsOf(open.id)).toHaveLength(1);
  });

  it("refuses a second dispatch while someone has the lead, saying who and how far along", async () => {
    const [andre, bea] = [await w.locksmith("Andre Davis"), await w.locksmith("Bea Cruz")];
    const open = await w.lead();
    const first = await w.dispatch(open.id, andre.id);
    await w.act(w.tokenOf(first), { intent: "accept" });
    await w.act(w.tokenOf(first), { intent: "on_my_way", minutes: 12 });
    await expect(w.dispatch(open.id, bea.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(
        /^Andre Davis accepted just now, on the way, 12 min: use Reassign/,
      ),
    });
    expect((await w.assignmentsOf(open.id)).map((row) => row.state)).toEqual(["on_the_way"]);
    expect(await w.textsOf(open.id)).toHaveLength(1);
  });

  it("reassigns: the holder is withdrawn and told, the job waits for the new locksmith", async () => {
    const [andre, bea] = [await w.locksmith("Andre Davis"), await w.locksmith("Bea Cruz")];
    const open = await w.lead();
    const first = await w.dispatch(open.id, andre.id);
    await w.act(w.tokenOf(first), { intent: "accept" });
    const held = await w.assignmentOf(w.tokenOf(first));
    const second = await w.reassign(open.id, bea.id, held.id, "Stuck on the Dan Ryan");
    expect(second.replaced).toMatchObject({ locksmithName: "Andre Davis" });
    const [old, now] = await w.assignmentsOf(open.id);
    expect(old).toMatchObject({
      state: "withdrawn",
      endReason: "reassigned",
      endNote: "Stuck on the Dan Ryan",
    });
    expect(now).toMatchObject({ state: "offered", locksmithId: bea.id });
    const [job] = await w.jobsOf(open.id);
    expect(job).toMatchObject({ status: "in_progress", locksmithId: null });
    const offJob = (await w.textsOf(open.id)).find((row) => row.purpose === "locksmith_off_job");
    expect(offJob).toMatchObject({ locksmithId: andre.id });
    expect(offJob!.body).toContain("The office gave it to another locksmith.");
    expect(await w.leadRow(open.id)).toMatchObject({ assignedLocksmithId: bea.id });
    // Andre's code, used when he accepted, was taken away with his offer: Withdrawn.
    const codes = await listDispatchCodes(t.handle.db, { q: first.code!.code });
    expect(codes.rows.map((row) => [row.code, row.status, row.displayStatus])).toEqual([
      [first.code!.code, "withdrawn", "withdrawn"],
    ]);
    // Bea accepts: the open job is hers.
    await w.act(w.tokenOf(second), { intent: "accept" });
    expect((await w.jobsOf(open.id))[0]).toMatchObject({ id: job!.id, locksmithId: bea.id });
  });

  it("refuses a reassign that is stale, to the same person, or without a reason", async () => {
    const [andre, bea, cy] = [
      await w.locksmith("Andre Davis"),
      await w.locksmith("Bea Cruz"),
      await w.locksmith("Cy Young"),
    ];
    const open = await w.lead();
    const first = await w.dispatch(open.id, andre.id);
    const seen = await w.assignmentOf(w.tokenOf(first));
    await expect(w.reassign(open.id, andre.id, seen.id)).rejects.toMatchObject({
      message: RULE.reassignToSomeoneElse,
      field: "locksmithId",
    });
    await expect(w.reassign(open.id, bea.id, seen.id, "  ")).rejects.toMatchObject({
      field: "reason",
    });
    await w.reassign(open.id, bea.id, seen.id);
    // A second office, still looking at Andre's offer, is told the lead changed.
    await expect(w.reassign(open.id, cy.id, seen.id)).rejects.toMatchObject({
      message: RULE.dispatchChangedMeanwhile,
    });
    expect((await w.assignmentsOf(open.id)).map((row) => row.state)).toEqual([
      "withdrawn",
      "offered",
    ]);
  });

  it("lets exactly one of two offices dispatching the same lead at once win", async () => {
    const [andre, bea] = [await w.locksmith("Andre Davis"), await w.locksmith("Bea Cruz")];
    const open = await w.lead();
    const results = await Promise.allSettled([
      w.dispatch(open.id, andre.id),
      w.dispatch(open.id, bea.id),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await w.assignmentsOf(open.id)).toHaveLength(1);
    expect(await w.textsOf(open.id)).toHaveLength(1);
  });

  it("assigns by phone: accepted at once, the job is theirs, nothing texted to them", async () => {
    const smith = await w.locksmith("Phone Smith");
    const open = await w.lead({ consent: true });
    const dispatch = await w.dispatch(open.id, smith.id, { by: "phone" });
    expect(dispatch.code).toBeNull();
    expect(dispatch.lead).toMatchObject({ status: "in_progress", assignedLocksmithId: smith.id });
    const [assignment] = await w.assignmentsOf(open.id);
    const [job] = await w.jobsOf(open.id);
    expect(assignment).toMatchObject({ state: "accepted", jobId: job!.id });
    expect(job).toMatchObject({ locksmithId: smith.id, status: "in_progress" });
    expect((await w.textsOf(open.id)).map((row) => row.purpose)).toEqual(["customer_dispatched"]);
  });

  it("sends nobody to a closed lead until it is reopened, and reopening texts nobody", async () => {
    const smith = await w.locksmith("Closed Smith");
    const open = await w.lead({ consent: true });
    await setLeadStatus(t.handle.db, open.id, "completed", TEST_ACTOR);
    await expect(w.dispatch(open.id, smith.id)).rejects.toMatchObject({ message: RULE.leadClosed });
    await expect(
      setLeadStatus(t.handle.db, open.id, "in_progress", TEST_ACTOR),
    ).rejects.toMatchObject({ message: RULE.reopenFirst });
    await expect(reopenLead(t.handle.db, open.id, " ", TEST_ACTOR)).rejects.toMatchObject({
      field: "reason",
    });
    await reopenLead(t.handle.db, open.id, "Customer called back: wrong key", TEST_ACTOR);
    expect(await w.leadRow(open.id)).toMatchObject({ status: "new", assignedLocksmithId: null });
    expect(await w.textsOf(open.id)).toHaveLength(0);
    const timeline = await listLeadActivity(t.handle.db, open.id);
    expect(timeline[0]).toMatchObject({
      action: "reopened",
      after: expect.objectContaining({ reason: "Customer called back: wrong key" }),
    });
    await w.dispatch(open.id, smith.id);
    expect((await w.assignmentsOf(open.id)).map((row) => row.state)).toEqual(["offered"]);
  });

  it("lets an offer past its time expire when the lead is dispatched again", async () => {
    const [first, second] = [await w.locksmith("Slow Smith"), await w.locksmith("Quick Smith")];
    const open = await w.lead();
    const one = await w.dispatch(open.id, first.id);
    const later = new Date(Date.now() + OFFICE_OFFER_MINUTES * 60_000 + 1000);
    // Before anyone touches the lead again, the list already reads the lapsed offer's code so.
    const listed = await listDispatchCodes(t.handle.db, { q: one.code!.code }, later);
    expect(listed.rows.map((row) => [row.status, row.displayStatus])).toEqual([
      ["assigned", "expired"],
    ]);
    const two = await w.dispatch(open.id, second.id, {}, later);
    expect((await w.assignmentsOf(open.id)).map((row) => [row.state, row.endReason])).toEqual([
      ["expired", "expired"],
      ["offered", null],
    ]);
    const codes = await w.codesOf(open.id);
    expect(codes.find((code) => code.id === one.code!.id)?.status).toBe("expired");

    expect(codes.find((code) => code.id === two.code!.id)?.status).toBe("assigned");
  });

  it("refuses an inactive locksmith next to the field, and writes nothing", async () => {
    const resting = await w.locksmith("Resting Smith");
    await setLocksmithActive(t.handle.db, resting.id, false, TEST_ACTOR);
    const open = await w.lead();
    await expect(w.dispatch(open.id, resting.id)).rejects.toMatchObject({
      status: 409,
      field: "locksmithId",
    });
    expect(await w.codesOf(open.id)).toHaveLength(0);
    expect(await w.assignmentsOf(open.id)).toHaveLength(0);
    const [row] = await t.handle.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, open.id), eq(leads.status, "new")));
    expect(row?.assignedLocksmithId).toBeNull();
    expect(await t.handle.db.select().from(jobs).where(eq(jobs.leadId, open.id))).toHaveLength(0);
  });
});
