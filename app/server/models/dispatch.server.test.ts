import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, unconfiguredTexts } from "../../../tests/helpers/texting";
import { customers, dispatchCodes, leads } from "../db/business-tables.server";
import { dispatchLinks, messages } from "../db/messaging-tables.server";
import { hashLinkToken } from "../links/link-tokens.server";
import { listLeadActivity } from "./activity.server";
import { dispatchLead } from "./dispatch.server";
import { createLead } from "./leads.server";
import { createLocksmith, setLocksmithActive } from "./locksmiths.server";

describeEachDatabase("one-step dispatch", (t) => {
  const locksmith = (name: string) =>
    createLocksmith(
      t.handle.db,
      {
        name,
        phone: "(312) 555-0131",
        email: null,
        assignedZips: ["60629"],
        paymentMethod: null,
        defaultCutPercent: 60,
      },
      TEST_ACTOR,
    );
  const lead = () =>
    createLead(
      t.handle.db,
      {
        name: "Ann Lee",
        phone: uniquePhone(),
        serviceType: "emergency",
        zip: "60629",
        address: "6118 S Pulaski Rd",
        details: "Kids inside",
      },
      TEST_ACTOR,
    );
  const textsOf = (leadId: string) =>
    t.handle.db.select().from(messages).where(eq(messages.leadId, leadId));
  const linkToken = (text: string) => /\/j\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  const codesOf = (leadId: string) =>
    t.handle.db.select().from(dispatchCodes).where(eq(dispatchCodes.leadId, leadId));

  it("assigns, moves to In Progress, makes a code for the pair and says so, in one step", async () => {
    const smith = await locksmith("Marcus Reed");
    const open = await lead();
    const dispatch = await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: smith.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    expect(dispatch.lead).toMatchObject({ assignedLocksmithId: smith.id, status: "in_progress" });
    expect(dispatch.code).toMatchObject({
      leadId: open.id,
      locksmithId: smith.id,
      status: "assigned",
    });
    expect(dispatch.code.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(dispatch.text).toContain(`code ${dispatch.code.code}`);
    expect(dispatch.text).toContain("Where: 6118 S Pulaski Rd, 60629");
    expect(dispatch.text).toContain("Notes: Kids inside");
    const timeline = await listLeadActivity(t.handle.db, open.id);
    expect(timeline.map((entry) => entry.action).slice(0, 2)).toEqual(["dispatched", "created"]);
    expect(timeline[0]).toMatchObject({
      action: "dispatched",
      actorName: "Test Operator",
      after: expect.objectContaining({ locksmithName: "Marcus Reed", code: dispatch.code.code }),
    });
  });

  it("lets the earlier code lapse when the lead is dispatched again", async () => {
    const [first, second] = [await locksmith("First Smith"), await locksmith("Second Smith")];
    const open = await lead();
    const one = await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: first.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    const two = await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: second.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    const codes = await codesOf(open.id);
    expect(codes.find((code) => code.id === one.code.id)?.status).toBe("expired");
    expect(codes.find((code) => code.id === two.code.id)?.status).toBe("assigned");
    const [row] = await t.handle.db.select().from(leads).where(eq(leads.id, open.id));
    expect(row?.assignedLocksmithId).toBe(second.id);
  });

  it("dispatches once for a double click (the same form token)", async () => {
    const smith = await locksmith("Double Click");
    const open = await lead();
    const requestId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        dispatchLead(
          t.handle.db,
          { leadId: open.id, locksmithId: smith.id, requestId },
          TEST_ACTOR,
          unconfiguredTexts(),
        ),
      ),
    );
    expect(new Set(results.map((result) => result.code.id)).size).toBe(1);
    expect(await codesOf(open.id)).toHaveLength(1);
    expect(await textsOf(open.id)).toHaveLength(1);
    expect(new Set(results.map((result) => result.text)).size).toBe(1);
  });

  it("queues the locksmith's text with the job page link, kept as unsent without Twilio", async () => {
    const smith = await locksmith("Text Smith");
    const open = await lead();
    const dispatch = await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: smith.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    const [text] = await textsOf(open.id);
    expect(text).toMatchObject({
      purpose: "locksmith_dispatch",
      status: "unsent",
      toPhone: "+13125550131",
      locksmithId: smith.id,
      body: dispatch.text,
    });
    const token = linkToken(dispatch.text);
    const [link] = await t.handle.db
      .select()
      .from(dispatchLinks)
      .where(eq(dispatchLinks.tokenHash, hashLinkToken(token)));
    expect(link).toMatchObject({ leadId: open.id, locksmithId: smith.id, revokedAt: null });
    expect(link!.expiresAt.getTime()).toBe(dispatch.code.expirationTime.getTime());
    // No consent: nothing to the customer.
    expect((await textsOf(open.id)).map((row) => row.purpose)).toEqual(["locksmith_dispatch"]);
  });

  it("queues the texts for sending when Twilio is configured, and tells a consenting customer", async () => {
    const smith = await locksmith("Queued Smith");
    const open = await lead();
    await t.handle.db.update(leads).set({ textConsent: true }).where(eq(leads.id, open.id));
    await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: smith.id },
      TEST_ACTOR,
      configuredTexts(),
    );
    const texts = await textsOf(open.id);
    expect(texts.map((row) => [row.purpose, row.status]).sort()).toEqual([
      ["customer_dispatched", "queued"],
      ["locksmith_dispatch", "queued"],
    ]);
    const customer = texts.find((row) => row.purpose === "customer_dispatched")!;
    expect(customer.toPhone).toBe(open.phone);
    expect(customer.body).toContain("Queued Smith");
    expect(customer.body.endsWith("Reply STOP to opt out.")).toBe(true);
  });

  it("holds back the customer's text once they opted out, and says so on the timeline", async () => {
    const smith = await locksmith("Quiet Smith");
    const open = await lead();
    await t.handle.db.update(leads).set({ textConsent: true }).where(eq(leads.id, open.id));
    await t.handle.db
      .update(customers)
      .set({ textsOptedOutAt: new Date() })
      .where(eq(customers.id, open.customerId!));
    await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: smith.id },
      TEST_ACTOR,
      configuredTexts(),
    );
    expect((await textsOf(open.id)).map((row) => row.purpose)).toEqual(["locksmith_dispatch"]);
    const timeline = await listLeadActivity(t.handle.db, open.id);
    expect(timeline.map((entry) => entry.action)).toContain("text_withheld");
  });

  it("stops the earlier link opening when the lead is dispatched again", async () => {
    const [first, second] = [await locksmith("Link One"), await locksmith("Link Two")];
    const open = await lead();
    const one = await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: first.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    await dispatchLead(
      t.handle.db,
      { leadId: open.id, locksmithId: second.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    const [link] = await t.handle.db
      .select()
      .from(dispatchLinks)
      .where(eq(dispatchLinks.tokenHash, hashLinkToken(linkToken(one.text))));
    expect(link).toMatchObject({ revokedReason: "reassigned" });
    expect(link!.revokedAt).not.toBeNull();
  });

  it("refuses an inactive locksmith next to the field, and writes nothing", async () => {
    const resting = await locksmith("Resting Smith");
    await setLocksmithActive(t.handle.db, resting.id, false, TEST_ACTOR);
    const open = await lead();
    await expect(
      dispatchLead(
        t.handle.db,
        { leadId: open.id, locksmithId: resting.id },
        TEST_ACTOR,
        unconfiguredTexts(),
      ),
    ).rejects.toMatchObject({ status: 409, field: "locksmithId" });
    expect(await codesOf(open.id)).toHaveLength(0);
    const [row] = await t.handle.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, open.id), eq(leads.status, "new")));
    expect(row?.assignedLocksmithId).toBeNull();
  });
});
