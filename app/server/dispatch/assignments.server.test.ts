import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  ASSIGNMENT_STATES,
  isLive,
  nextState,
  transitionOf,
  type AssignmentEvent,
  type AssignmentState,
} from "~/lib/dispatch/assignment-machine";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { assignments, type Assignment } from "../db/business-tables.server";
import { applyEvent } from "./assignments.server";

const EVENTS: AssignmentEvent[] = [
  "accept",
  "decline",
  "on_my_way",
  "arrived",
  "complete",
  "withdraw",
  "office_complete",
  "expire",
];

/*
 * applyEvent is the machine's conditional update (decision 0026): a tap or an office step
 * that arrives after the assignment moved on (a late accept after a withdraw, a second
 * complete) must change nothing and say so, whatever the caller checked before.
 */
describeEachDatabase("assignment events", (t) => {
  const w = dispatchWorld(() => t.handle.db);
  const db = () => t.handle.db;

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
});
