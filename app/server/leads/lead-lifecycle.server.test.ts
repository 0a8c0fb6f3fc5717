import { expect, it } from "vitest";
import { CLOSED_LEAD_STATUSES, OPEN_LEAD_STATUSES } from "~/lib/business-enums";
import { RULE } from "~/lib/ui-text";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { listLeads } from "./leads.server";
import { reopenLead, setLeadStatus } from "./lead-lifecycle.server";
import { setLocksmithActive } from "../locksmiths/locksmiths.server";
import { configuredTexts } from "../../../tests/helpers/texting";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("a lead's status", (t) => {
  const w = dispatchWorld(() => t.handle.db);
  const set = (id: string, status: Parameters<typeof setLeadStatus>[2]) =>
    setLeadStatus(t.handle.db, id, status, TEST_ACTOR);

  it("sets any open status from any other, and closes from any of them", async () => {
    const lead = await w.lead();
    for (const from of OPEN_LEAD_STATUSES) {
      for (const to of OPEN_LEAD_STATUSES) {
        await set(lead.id, from);
        expect((await set(lead.id, to)).status).toBe(to);
      }
    }
    for (const closed of CLOSED_LEAD_STATUSES) {
      const other = await w.lead();
      await set(other.id, "in_progress");
      expect((await set(other.id, closed)).status).toBe(closed);
      // A closed lead moves on only through Reopen, with a reason.
      for (const to of OPEN_LEAD_STATUSES) {
        await expect(set(other.id, to)).rejects.toMatchObject({
          status: 409,
          message: RULE.reopenFirst,
        });
      }
      expect((await reopenLead(t.handle.db, other.id, "Asked again", TEST_ACTOR)).status).toBe(
        "new",
      );
    }
    await expect(set(MISSING_ID, "new")).rejects.toMatchObject({ status: 404 });
    await expect(
      reopenLead(t.handle.db, lead.id, "Open already", TEST_ACTOR),
    ).rejects.toMatchObject({
      message: RULE.leadNotClosed,
    });
  });

  it("cancelling texts the customer that nobody is coming: with consent, once per cancel, within the cap", async () => {
    const smith = await w.locksmith("Twelve Minutes Out");
    const told = await w.lead({ consent: true });
    const dispatch = await w.dispatch(told.id, smith.id);
    await w.act(w.tokenOf(dispatch), { intent: "accept" });
    await setLeadStatus(t.handle.db, told.id, "cancelled", TEST_ACTOR, configuredTexts());
    const cancelled = (await w.textsOf(told.id)).filter(
      (row) => row.purpose === "customer_cancelled",
    );
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.body).toMatch(/your request for .+ is cancelled, and nobody is coming/);
    expect(cancelled[0]!.body).toContain("Reply STOP to opt out.");
    // The locksmith on the way is told as well.
    expect((await w.textsOf(told.id)).map((row) => row.purpose)).toContain("locksmith_off_job");
    // Reopened and cancelled again: a second text; a third time the cap holds it back.
    for (let round = 0; round < 2; round++) {
      await reopenLead(t.handle.db, told.id, "Called again", TEST_ACTOR);
      await setLeadStatus(t.handle.db, told.id, "cancelled", TEST_ACTOR, configuredTexts());
    }
    expect(
      (await w.textsOf(told.id)).filter((row) => row.purpose === "customer_cancelled"),
    ).toHaveLength(2);
    // No consent: nothing to the customer.
    const quiet = await w.lead();
    await setLeadStatus(t.handle.db, quiet.id, "cancelled", TEST_ACTOR, configuredTexts());
    expect((await w.textsOf(quiet.id)).map((row) => row.purpose)).toEqual([]);
  });

  it("assigning a locksmith (by phone) sets them and forces in_progress from any open status", async () => {
    const smith = await w.locksmith("Assignable Smith");
    for (const status of OPEN_LEAD_STATUSES) {
      const lead = await w.lead({ name: `Caller ${status}` });
      await set(lead.id, status);
      const { lead: assigned } = await w.dispatch(lead.id, smith.id, { by: "phone" });
      expect(assigned).toMatchObject({ assignedLocksmithId: smith.id, status: "in_progress" });
    }
    const [row] = (await listLeads(t.handle.db, { q: "Caller new" })).rows;
    expect(row?.assignedLocksmithName).toBe("Assignable Smith");
  });

  it("refuses an inactive or unknown locksmith and an unknown lead, leaving the lead as it was", async () => {
    const off = await w.locksmith("Inactive Smith");
    await setLocksmithActive(t.handle.db, off.id, false, TEST_ACTOR);
    const lead = await w.lead();
    await expect(w.dispatch(lead.id, off.id, { by: "phone" })).rejects.toMatchObject({
      message: RULE.locksmithInactive,
      field: "locksmithId",
    });
    await expect(w.dispatch(lead.id, MISSING_ID, { by: "phone" })).rejects.toMatchObject({
      status: 409,
      field: "locksmithId",
    });
    const smith = await w.locksmith("Known Smith");
    await expect(w.dispatch(MISSING_ID, smith.id)).rejects.toMatchObject({ status: 404 });
    await expect(w.dispatch("x", smith.id)).rejects.toMatchObject({ status: 404 });
    expect(await w.leadRow(lead.id)).toMatchObject({ status: "new", assignedLocksmithId: null });
    expect(await w.assignmentsOf(lead.id)).toHaveLength(0);
  });

  it("completing a lead completes the job its locksmith is on, with them", async () => {
    const smith = await w.locksmith("Done Smith");
    // Key copying opens nothing: the door-check gate (decision 0075) has its own tests.
    const lead = await w.lead({ serviceType: "key_duplication" });
    const dispatch = await w.dispatch(lead.id, smith.id);
    await w.act(w.tokenOf(dispatch), { intent: "accept" });
    await set(lead.id, "completed");
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "completed",
      locksmithId: smith.id,
    });
    expect(await w.assignmentOf(w.tokenOf(dispatch))).toMatchObject({ state: "completed" });
  });
});
