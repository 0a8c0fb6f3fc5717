import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, unconfiguredTexts } from "../../../tests/helpers/texting";
import { dispatchCodes, jobs, leads } from "../db/business-tables.server";
import { dispatchLinks, messages } from "../db/messaging-tables.server";
import { hashLinkToken } from "../links/link-tokens.server";
import { listLeadActivity } from "./activity.server";
import { dispatchLead } from "./dispatch.server";
import { actOnJobPage, readJobPage } from "./job-page.server";
import { setJobStatus } from "./jobs.server";
import { createLead } from "./leads.server";
import { createLocksmith } from "./locksmiths.server";

describeEachDatabase("the locksmith's job page", (t) => {
  const db = () => t.handle.db;

  /** A lead with the customer's consent, dispatched; the token from the locksmith's text. */
  async function dispatched(cut = 60) {
    const smith = await createLocksmith(
      db(),
      {
        name: "Marcus Reed",
        phone: "(312) 555-0131",
        email: null,
        assignedZips: ["60629"],
        paymentMethod: null,
        defaultCutPercent: cut,
      },
      TEST_ACTOR,
    );
    const lead = await createLead(
      db(),
      {
        name: "Ann Lee",
        phone: uniquePhone(),
        serviceType: "automotive",
        zip: "60629",
        address: "6118 S Pulaski Rd",
        details: "Grey Corolla",
      },
      TEST_ACTOR,
    );
    await db().update(leads).set({ textConsent: true }).where(eq(leads.id, lead.id));
    const dispatch = await dispatchLead(
      db(),
      { leadId: lead.id, locksmithId: smith.id },
      TEST_ACTOR,
      configuredTexts(),
    );
    const token = /\/j\/([A-Za-z0-9_-]{43})/.exec(dispatch.text)![1]!;
    return { smith, lead, code: dispatch.code, token };
  }
  const act = (token: string, action: Parameters<typeof actOnJobPage>[2]) =>
    actOnJobPage(db(), token, action, configuredTexts());
  const leadRow = async (id: string) =>
    (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
  const jobsOf = (leadId: string) => db().select().from(jobs).where(eq(jobs.leadId, leadId));
  const textsTo = (phone: string) =>
    db().select().from(messages).where(eq(messages.toPhone, phone));

  it("shows the job to the locksmith, offering Accept and Decline", async () => {
    const { token, code } = await dispatched();
    const page = await readJobPage(db(), token);
    expect(page).toMatchObject({
      stage: "offered",
      actions: ["accept", "decline"],
      locksmithName: "Marcus Reed",
      customerName: "Ann Lee",
      address: "6118 S Pulaski Rd",
      zip: "60629",
      service: SERVICE_TYPE_LABELS.automotive,
      code: code.code,
      job: null,
    });
  });

  it("runs accept → on my way → arrived → complete, as the locksmith", async () => {
    const { token, lead, code } = await dispatched(60);
    await act(token, { intent: "accept" });
    const [job] = await jobsOf(lead.id);
    expect(job).toMatchObject({ status: "in_progress", address: "6118 S Pulaski Rd" });
    const [usedCode] = await db().select().from(dispatchCodes).where(eq(dispatchCodes.id, code.id));
    expect(usedCode!.status).toBe("used");
    expect(await readJobPage(db(), token)).toMatchObject({ stage: "accepted" });

    await act(token, { intent: "on_my_way", minutes: 25 });
    const told = (await textsTo(lead.phone)).find((row) => row.purpose === "customer_on_the_way");
    expect(told?.body).toContain("Marcus Reed is on the way, about 25 minutes out.");
    expect(told).toMatchObject({ status: "queued", jobId: job!.id });
    expect(await readJobPage(db(), token)).toMatchObject({ stage: "on_the_way", etaMinutes: 25 });

    await act(token, { intent: "arrived" });
    expect(await readJobPage(db(), token)).toMatchObject({
      stage: "arrived",
      actions: ["complete"],
    });

    await act(token, { intent: "complete", price: 18_550 });
    const [done] = await jobsOf(lead.id);
    expect(done).toMatchObject({
      status: "completed",
      finalPriceCents: 18_550,
      theirCutPercent: 60,
      theirCutCents: 11_130,
      yourCutCents: 7_420,
    });
    expect((await leadRow(lead.id)).status).toBe("completed");
    // Read-only from now on, for a week.
    expect(await readJobPage(db(), token)).toMatchObject({
      stage: "closed",
      actions: [],
      job: { status: "completed", finalPriceCents: 18_550, theirCutCents: 11_130 },
    });
    const week = new Date(Date.now() + 8 * 86_400_000);
    expect(await readJobPage(db(), token, week)).toBeUndefined();

    const timeline = await listLeadActivity(db(), lead.id);
    const byLocksmith = timeline.filter((entry) => entry.actorKind === "locksmith");
    expect(byLocksmith.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "locksmith_accepted",
        "locksmith_on_the_way",
        "locksmith_arrived",
        "locksmith_completed",
      ]),
    );
    expect(byLocksmith.every((entry) => entry.actorName === "Marcus Reed")).toBe(true);
  });

  it("hands a declined lead back to the office, unassigned, and the link stops opening", async () => {
    const { token, lead, code } = await dispatched();
    await act(token, { intent: "accept" });
    await act(token, { intent: "decline" });
    expect(await leadRow(lead.id)).toMatchObject({ status: "new", assignedLocksmithId: null });
    const [job] = await jobsOf(lead.id);
    expect(job!.status).toBe("cancelled");
    const [lapsed] = await db().select().from(dispatchCodes).where(eq(dispatchCodes.id, code.id));
    // Accepting used the code; a declined job keeps it as used, never reopened.
    expect(lapsed!.status).toBe("used");
    expect(await readJobPage(db(), token)).toBeUndefined();
    await expect(act(token, { intent: "accept" })).rejects.toMatchObject({ status: 404 });
  });

  it("lets an offered code lapse when declined before accepting", async () => {
    const { token, lead, code } = await dispatched();
    await act(token, { intent: "decline" });
    const [lapsed] = await db().select().from(dispatchCodes).where(eq(dispatchCodes.id, code.id));
    expect(lapsed!.status).toBe("expired");
    expect(await jobsOf(lead.id)).toHaveLength(0);
    const timeline = await listLeadActivity(db(), lead.id);
    expect(timeline[0]).toMatchObject({ action: "locksmith_declined", actorKind: "locksmith" });
  });

  it("refuses an action the stage does not allow, and changes nothing", async () => {
    const { token, lead } = await dispatched();
    await expect(act(token, { intent: "complete", price: 100 })).rejects.toMatchObject({
      status: 409,
    });
    await act(token, { intent: "accept" });
    await expect(act(token, { intent: "accept" })).rejects.toMatchObject({ status: 409 });
    expect(await jobsOf(lead.id)).toHaveLength(1);
  });

  it("makes one job however many times Accept is tapped at once", async () => {
    const { token, lead } = await dispatched();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => act(token, { intent: "accept" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await jobsOf(lead.id)).toHaveLength(1);
  });

  it("does not open for unknown, expired or handed-back links", async () => {
    const { token, lead } = await dispatched();
    expect(await readJobPage(db(), "x".repeat(43))).toBeUndefined();
    expect(await readJobPage(db(), "not a token")).toBeUndefined();
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await readJobPage(db(), token, tomorrow)).toBeUndefined();
    // The office puts the lead back to New: the link is revoked.
    const { setLeadStatus } = await import("./leads.server");
    await setLeadStatus(db(), lead.id, "new", TEST_ACTOR);
    expect(await readJobPage(db(), token)).toBeUndefined();
    const [link] = await db()
      .select()
      .from(dispatchLinks)
      .where(eq(dispatchLinks.tokenHash, hashLinkToken(token)));
    expect(link!.revokedReason).toBe("unassigned");
  });

  it("turns read-only when the office completes the job, and working again when reopened", async () => {
    const { token, lead } = await dispatched();
    await act(token, { intent: "accept" });
    const [job] = await jobsOf(lead.id);
    await setJobStatus(db(), job!.id, "completed", TEST_ACTOR);
    expect(await readJobPage(db(), token)).toMatchObject({ stage: "closed" });
    await setJobStatus(db(), job!.id, "in_progress", TEST_ACTOR);
    expect(await readJobPage(db(), token)).toMatchObject({ stage: "accepted" });
  });

  it("texts nobody but the office's outbox when Twilio is not configured", async () => {
    const { token, lead } = await dispatched();
    await act(token, { intent: "accept" });
    await actOnJobPage(db(), token, { intent: "on_my_way", minutes: 10 }, unconfiguredTexts());
    const told = (await textsTo(lead.phone)).find((row) => row.purpose === "customer_on_the_way");
    expect(told?.status).toBe("unsent");
  });
});
