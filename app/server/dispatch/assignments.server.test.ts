import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  ASSIGNMENT_STATES,
  isLive,
  LOCKSMITH_EVENTS,
  nextState,
  transitionOf,
  type AssignmentEvent,
  type AssignmentState,
} from "~/lib/dispatch/assignment-machine";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { configuredTexts } from "../../../tests/helpers/texting";
import { listLeadActivity } from "../activity/activity.server";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { assignments, leads, type Assignment } from "../db/business-tables.server";
import {
  applyEvent,
  expireLapsedOffer,
  holdersOf,
  withdrawLiveAssignment,
  withHolders,
} from "./assignments.server";

const EVENTS: AssignmentEvent[] = [...LOCKSMITH_EVENTS, "withdraw", "office_complete", "expire"];

/*
 * applyEvent is the machine's conditional update (decision 0026): a tap or an office step
 * that arrives after the assignment moved on (a late accept after a withdraw, a second
 * complete) must change nothing and say so, whatever the caller checked before.
 */
describeEachDatabase("assignment events", (t) => {
  const w = dispatchWorld(() => t.handle.db);
  const db = () => t.handle.db;
  /** What an activity entry is about (the Activity screen filters by it). */
  const entityOf = async (id: string) =>
    (
      await db()
        .select({ entity: activityLog.entity, entityId: activityLog.entityId })
        .from(activityLog)
        .where(eq(activityLog.id, id))
    )[0];

  it("moves an assignment only from the states its event starts from", async () => {
    const smith = await w.locksmith("Rosa Event");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    const [offer] = await w.assignmentsOf(lead.id);
    // The table holds when an assignment completed or ended, and why (check constraints).
    const stamps = (state: AssignmentState) => ({
      completedAt: state === "completed" ? new Date() : null,
      ...(isLive(state) || state === "completed"
        ? { endedAt: null, endReason: null }
        : { endedAt: new Date(), endReason: state === "declined" ? state : ("closed" as const) }),
    });
    const stateNow = async () =>
      (await db().select().from(assignments).where(eq(assignments.id, offer!.id)))[0]!.state;
    for (const state of ASSIGNMENT_STATES) {
      for (const event of EVENTS) {
        await db()
          .update(assignments)
          .set({ state, ...stamps(state) })
          .where(eq(assignments.id, offer!.id));
        const expected = nextState(state, event);
        const note = `${state}/${event}`;
        const moved = await applyEvent(db(), offer!.id, event, {
          endNote: note,
          ...stamps(transitionOf(event).to),
        }).catch((error: unknown) => error);
        expect({ state, event, moved: (moved as Assignment | undefined)?.state }).toEqual({
          state,
          event,
          moved: expected,
        });
        expect(await stateNow()).toBe(expected ?? state);
        if (expected) expect(moved).toMatchObject({ endNote: note });
      }
    }
  });

  it("a late tap after the office withdrew the offer changes nothing", async () => {
    const smith = await w.locksmith("Late Tapper");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    const [offer] = await w.assignmentsOf(lead.id);
    expect(
      await applyEvent(db(), offer!.id, "withdraw", {
        endedAt: new Date(),
        endReason: "taken_back",
      }),
    ).toMatchObject({ state: "withdrawn", endReason: "taken_back" });
    expect(await applyEvent(db(), offer!.id, "accept", { acceptedAt: new Date() })).toBeUndefined();
    const [row] = await w.assignmentsOf(lead.id);
    expect(row).toMatchObject({ state: "withdrawn", acceptedAt: null });
  });

  it("of two taps at once, exactly one moves the assignment", async () => {
    const smith = await w.locksmith("Double Tap");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    const [offer] = await w.assignmentsOf(lead.id);
    const results = await Promise.all([
      applyEvent(db(), offer!.id, "accept"),
      applyEvent(db(), offer!.id, "expire", { endedAt: new Date(), endReason: "expired" }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await w.assignmentsOf(lead.id);
    expect(row!.state).toBe(results.find(Boolean)!.state);
  });

  it("says who holds each lead of a page, and nobody for the others", async () => {
    const smith = await w.locksmith("Holder Hall");
    const held = await w.lead();
    const free = await w.lead();
    await w.dispatch(held.id, smith.id);
    const [offer] = await w.assignmentsOf(held.id);
    const page = { rows: [held, free], total: 2, page: 1, pageSize: 25, pageCount: 1 };
    const withThem = await withHolders(db(), page);
    expect(withThem).toMatchObject({ total: 2, page: 1, pageSize: 25, pageCount: 1 });
    expect(withThem.rows.map((row) => row.id)).toEqual([held.id, free.id]);
    expect(withThem.rows[0]!.holder).toEqual({
      assignmentId: offer!.id,
      locksmithId: smith.id,
      state: "offered",
      description: expect.stringContaining("Holder Hall"),
    });
    expect(withThem.rows[1]!.holder).toBeNull();
    expect((await holdersOf(db(), [])).size).toBe(0);
  });

  it("withdraws the live assignment: the code withdrawn, the job nobody's, the locksmith told why", async () => {
    const reasons = {
      cancelled: "The job was cancelled.",
      closed: "The office closed it.",
      taken_back: "The office took it back.",
      reassigned: "The office gave it to another locksmith.",
    } as const;
    for (const [reason, words] of Object.entries(reasons) as [keyof typeof reasons, string][]) {
      const smith = await w.locksmith(`Withdrawn ${reason}`);
      const lead = await w.lead();
      const dispatch = await w.dispatch(lead.id, smith.id);
      await w.act(w.tokenOf(dispatch), { intent: "accept" });
      const now = new Date("2026-11-29T03:00:00Z");
      const ended = await t.handle.db.transaction((tx) =>
        withdrawLiveAssignment(tx, lead, reason, TEST_ACTOR, {
          texts: configuredTexts(),
          note: reason === "reassigned" ? "Stuck on the Dan Ryan" : undefined,
          now,
        }),
      );
      expect(ended).toMatchObject({ state: "accepted", locksmithId: smith.id });
      const [row] = await w.assignmentsOf(lead.id);
      expect(row).toMatchObject({
        state: "withdrawn",
        endedAt: now,
        endReason: reason,
        endNote: reason === "reassigned" ? "Stuck on the Dan Ryan" : null,
      });
      expect((await w.codesOf(lead.id))[0]!.status).toBe("withdrawn");
      expect((await w.jobsOf(lead.id))[0]!.locksmithId).toBeNull();
      const [entry] = await listLeadActivity(db(), lead.id);
      expect(await entityOf(entry!.id)).toEqual({ entity: "lead", entityId: lead.id });
      expect(entry).toMatchObject({
        action: "assignment_withdrawn",
        before: { state: "accepted" },
        after: {
          assignmentId: row!.id,
          locksmithId: smith.id,
          locksmithName: `Withdrawn ${reason}`,
          reason,
          note: reason === "reassigned" ? "Stuck on the Dan Ryan" : null,
        },
      });
      const told = (await w.textsOf(lead.id)).filter(
        (text) => text.purpose === "locksmith_off_job",
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain(words);
      // Nothing live is left: a second withdraw ends nothing.
      expect(await withdrawLiveAssignment(db(), lead, reason, TEST_ACTOR)).toBeUndefined();
    }
  });

  it("withdrawn without the texts' context, the locksmith is not texted", async () => {
    const smith = await w.locksmith("Quiet Withdraw");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    expect(await withdrawLiveAssignment(db(), lead, "closed", TEST_ACTOR)).toMatchObject({
      state: "offered",
    });
    expect((await w.assignmentsOf(lead.id))[0]).toMatchObject({
      state: "withdrawn",
      endNote: null,
    });
    const texts = await w.textsOf(lead.id);
    expect(texts.filter((text) => text.purpose === "locksmith_off_job")).toEqual([]);
  });

  it("an offer past its time expires: the lead is New and nobody's, the code expired, and said", async () => {
    const smith = await w.locksmith("Slow Answer");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    const [offer] = await w.assignmentsOf(lead.id);
    const held = await w.leadRow(lead.id);
    // Not yet lapsed: nothing changes.
    expect(await expireLapsedOffer(db(), held, new Date(offer!.expiresAt.getTime() - 1))).toBe(
      held,
    );
    expect((await w.assignmentsOf(lead.id))[0]!.state).toBe("offered");
    const after = await expireLapsedOffer(db(), held, offer!.expiresAt);
    expect(after).toMatchObject({ id: lead.id, status: "new", assignedLocksmithId: null });
    expect((await w.assignmentsOf(lead.id))[0]).toMatchObject({
      state: "expired",
      endedAt: offer!.expiresAt,
      endReason: "expired",
    });
    expect((await w.codesOf(lead.id))[0]!.status).toBe("expired");
    const [entry] = await listLeadActivity(db(), lead.id);
    expect(await entityOf(entry!.id)).toEqual({ entity: "lead", entityId: lead.id });
    expect(entry).toMatchObject({
      action: "offer_expired",
      actorName: null,
      before: { status: "in_progress" },
      after: { assignmentId: offer!.id, locksmithId: smith.id, status: "new" },
    });
  });

  it("an offer lapsing on a lead the office moved on meanwhile leaves the lead as it is", async () => {
    const smith = await w.locksmith("Moved On");
    const lead = await w.lead();
    await w.dispatch(lead.id, smith.id);
    const [offer] = await w.assignmentsOf(lead.id);
    const [moved] = await db()
      .update(leads)
      .set({ status: "assigned" })
      .where(eq(leads.id, lead.id))
      .returning();
    expect(await expireLapsedOffer(db(), moved!, offer!.expiresAt)).toBe(moved);
    expect(await w.leadRow(lead.id)).toMatchObject({
      status: "assigned",
      assignedLocksmithId: smith.id,
    });
    const [entry] = await listLeadActivity(db(), lead.id);
    expect(entry).toMatchObject({
      action: "offer_expired",
      before: { status: "assigned" },
      after: {},
    });
    expect((entry!.after as Record<string, unknown>).status).toBeUndefined();
  });
});
