import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { parseLiveEvent } from "~/lib/admin/live-events";
import { storablePhone } from "~/lib/phone-parse";
import { leadCreateSchema } from "~/lib/schemas/leads";
import { activityLog } from "../db/activity-tables.server";
import { leads } from "../db/business-tables.server";
import { announceNewLeads } from "../live/lead-announcements.server";
import { listLeadActivity } from "../activity/activity.server";
import { addLeadFromCall } from "./latest-word.server";
import type { TextContext } from "../texting/outbox.server";
import { storeWebRequest, submitServiceRequest } from "./service-requests.server";

/*
 * Issue 27, cases 4 and 6: the customer's latest word wins, visibly, and phone leads are
 * equal to web leads (decision 0027).
 */

const texts = configuredTexts();

const textsWithout = (kind: keyof TextContext["settings"]["enabled"]): TextContext => ({
  ...texts,
  settings: { ...texts.settings, enabled: { ...texts.settings.enabled, [kind]: false } },
});

describeEachDatabase("the customer's latest word", (t) => {
  const db = () => t.handle.db;
  const world = dispatchWorld(db);

  const web = (phone: string, more: Partial<Parameters<typeof storeWebRequest>[1]> = {}) => ({
    name: "Dana Ruiz",
    phone,
    serviceType: "emergency" as const,
    zip: "60620",
    address: "8001 S Ashland Ave",
    details: "Front door",
    ...more,
  });

  /** A web lead that Andre Davis accepted. */
  async function heldLead() {
    const phone = uniquePhone();
    const { lead } = await storeWebRequest(db(), web(phone), texts);
    const smith = await world.locksmith("Andre Davis");
    const token = world.tokenOf(await world.dispatch(lead.id, smith.id));
    await world.act(token, { intent: "accept" });
    return { phone, lead, smith, token };
  }

  async function entries(leadId: string, action: string) {
    return (await listLeadActivity(db(), leadId)).filter((entry) => entry.action === action);
  }

  it("a new address updates the lead, and the timeline keeps the old one", async () => {
    const phone = uniquePhone();
    const { lead } = await storeWebRequest(db(), web(phone), texts);
    const again = await storeWebRequest(
      db(),
      web(phone, { address: "8100 S Ashland Ave (rear door)", details: "" }),
      texts,
    );
    expect(again).toMatchObject({
      joined: true,
      changes: { address: "8100 S Ashland Ave (rear door)" },
    });
    expect(await world.leadRow(lead.id)).toMatchObject({
      address: "8100 S Ashland Ave (rear door)",
      details: "Front door",
    });
    const [updated] = await entries(lead.id, "customer_updated");
    expect(updated).toMatchObject({
      actorKind: "customer",
      before: { address: "8001 S Ashland Ave" },
      after: { address: "8100 S Ashland Ave (rear door)", via: "web" },
    });
    expect(await entries(lead.id, "web_request_again")).toHaveLength(0);
    expect(await db().select().from(leads).where(eq(leads.phone, lead.phone))).toHaveLength(1);
    // Nobody had the lead: nobody was texted.
    expect(await world.textsOf(lead.id)).toHaveLength(0);
  });

  it("texts the locksmith who holds the job the new address, and their page shows it", async () => {
    const { phone, lead, smith, token } = await heldLead();
    await world.act(token, { intent: "on_my_way", minutes: 12 });
    expect((await world.page(token))?.changedAt).toBeNull();

    await storeWebRequest(db(), web(phone, { address: "8100 S Ashland Ave (rear door)" }), texts);

    const toSmith = (await world.textsOf(lead.id)).filter(
      (text) => text.purpose === "locksmith_address_changed",
    );
    expect(toSmith).toHaveLength(1);
    expect(toSmith[0]).toMatchObject({
      locksmithId: smith.id,
      toPhone: storablePhone(smith.phone),
      status: "queued",
    });
    expect(toSmith[0]!.body).toBe(
      [
        "Lockline: new address from Dana Ruiz",
        "Where: 8100 S Ashland Ave (rear door), 60620",
        "Notes: Front door",
        "Your job page shows it too.",
      ].join("\n"),
    );
    const page = await world.page(token);
    expect(page?.customer?.address).toBe("8100 S Ashland Ave (rear door)");
    expect(page?.changedAt).toBeInstanceOf(Date);
    const [updated] = await entries(lead.id, "customer_updated");
    expect(updated?.after).toMatchObject({ locksmithName: "Andre Davis", locksmithTexted: true });

    // The office hears of it through the live stream: "Address changed for Dana Ruiz".
    const announced = await announceNewLeads(db())({
      table: "activity_log",
      op: "insert",
      id: updated!.id,
    });
    expect(announced?.event).toBe("customer_updated");
    expect(parseLiveEvent("customer_updated", JSON.stringify(announced?.data))).toEqual({
      leadId: lead.id,
      customer: "Dana Ruiz",
      fields: ["address"],
      address: "8100 S Ashland Ave (rear door), 60620",
      locksmithTexted: "Andre Davis",
    });
  });

  it("texts a locksmith who was only offered the job too", async () => {
    const phone = uniquePhone();
    const { lead } = await storeWebRequest(db(), web(phone), texts);
    const smith = await world.locksmith("Marcus Reed");
    await world.dispatch(lead.id, smith.id);
    await storeWebRequest(db(), web(phone, { zip: "60629" }), texts);
    const sent = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(sent).toContain("locksmith_address_changed");
  });

  it("respects the text settings: that kind switched off texts nobody, and says so", async () => {
    const { phone, lead, token } = await heldLead();
    await storeWebRequest(
      db(),
      web(phone, { address: "1 Main St" }),
      textsWithout("locksmith_address_changed"),
    );
    const purposes = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(purposes).not.toContain("locksmith_address_changed");
    const [updated] = await entries(lead.id, "customer_updated");
    expect(updated?.after).toMatchObject({ locksmithName: "Andre Davis", locksmithTexted: false });
    expect((await world.page(token))?.customer?.address).toBe("1 Main St");
  });

  it("a new service alone changes the lead but texts nobody (the page shows it)", async () => {
    const { phone, lead, token } = await heldLead();
    await storeWebRequest(db(), web(phone, { serviceType: "automotive" }), texts);
    expect((await world.leadRow(lead.id)).serviceType).toBe("automotive");
    expect((await world.page(token))?.service).toBe("Automotive");
    const purposes = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(purposes).not.toContain("locksmith_address_changed");
  });

  it("an unchanged repeat stays as before: the timeline only", async () => {
    const { phone, lead, token } = await heldLead();
    const before = await world.textsOf(lead.id);
    const again = await storeWebRequest(
      db(),
      web(phone, { address: " 8001 s ashland ave", details: "" }),
      texts,
    );
    expect(again.changes).toEqual({});
    expect(await entries(lead.id, "customer_updated")).toHaveLength(0);
    expect(await entries(lead.id, "web_request_again")).toHaveLength(1);
    expect(await world.textsOf(lead.id)).toHaveLength(before.length);
    expect((await world.leadRow(lead.id)).address).toBe("8001 S Ashland Ave");
    expect((await world.page(token))?.changedAt).toBeNull();
  });

  it("a repeat with a bad field changes nothing on the open lead", async () => {
    const phone = uniquePhone();
    const { lead } = await storeWebRequest(db(), web(phone), texts);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Dana Ruiz",
      phone,
      serviceType: "emergency",
      zip: "60620",
      address: "x".repeat(201),
    }))
      form.set(name, value);
    const result = await submitServiceRequest(db(), form, "198.51.100.7", async () => texts);
    expect(result.status).toBe("invalid");
    expect((await world.leadRow(lead.id)).address).toBe("8001 S Ashland Ave");
    expect(await entries(lead.id, "customer_updated")).toHaveLength(0);
  });

  it("the same correction sent five times at once is one change and one text", async () => {
    const { phone, lead } = await heldLead();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        storeWebRequest(db(), web(phone, { address: "8100 S Ashland Ave" }), texts),
      ),
    );
    expect(await entries(lead.id, "customer_updated")).toHaveLength(1);
    const told = (await world.textsOf(lead.id)).filter(
      (text) => text.purpose === "locksmith_address_changed",
    );
    expect(told).toHaveLength(1);
  });
});

describeEachDatabase("Add Lead: phone leads equal to web leads", (t) => {
  const db = () => t.handle.db;
  const world = dispatchWorld(db);

  const typed = (fields: Record<string, string>) =>
    leadCreateSchema.parse({
      intent: "create",
      name: "Ann Lee",
      serviceType: "emergency",
      zip: "60629",
      address: "6118 S Pulaski Rd",
      requestId: crypto.randomUUID(),
      ...fields,
    });
  const add = (fields: Record<string, string>) => {
    const { intent: _, ...input } = typed(fields);
    return addLeadFromCall(db(), input, TEST_ACTOR, texts);
  };
  const leadsOf = (phone: string) =>
    db()
      .select()
      .from(leads)
      .where(eq(leads.phone, `+1${phone.replace(/\D/g, "").slice(-10)}`));

  it("'Customer agreed to texts' is the lead's consent: the customer is texted", async () => {
    const { lead, existed } = await add({ phone: uniquePhone(), textConsent: "on" });
    expect(existed).toBe(false);
    expect(lead).toMatchObject({ source: "manual", textConsent: true, status: "new" });
    const smith = await world.locksmith("Marcus Reed");
    await world.dispatch(lead.id, smith.id);
    const purposes = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(purposes).toContain("customer_finding");
  });

  it("unticked, the customer is never texted", async () => {
    const { lead } = await add({ phone: uniquePhone() });
    expect(lead.textConsent).toBe(false);
    const smith = await world.locksmith("Marcus Reed");
    await world.dispatch(lead.id, smith.id);
    const purposes = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(purposes).toEqual(["locksmith_dispatch"]);
  });

  it("the same phone with an open lead opens that lead, with what the caller said new", async () => {
    const phone = uniquePhone();
    const first = await add({ phone });
    const smith = await world.locksmith("Andre Davis");
    const token = world.tokenOf(await world.dispatch(first.lead.id, smith.id));
    await world.act(token, { intent: "accept" });

    const second = await add({ phone, address: "6200 S Pulaski Rd", textConsent: "on" });
    expect(second).toMatchObject({
      existed: true,
      changes: { address: "6200 S Pulaski Rd" },
      holder: { name: "Andre Davis", texted: true },
    });
    expect(second.lead.id).toBe(first.lead.id);
    expect(await leadsOf(phone)).toHaveLength(1);
    expect(await world.leadRow(first.lead.id)).toMatchObject({
      address: "6200 S Pulaski Rd",
      textConsent: true,
    });
    const actions = (await listLeadActivity(db(), first.lead.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["customer_updated", "text_consent_changed"]));
    const [updated] = (await listLeadActivity(db(), first.lead.id)).filter(
      (entry) => entry.action === "customer_updated",
    );
    expect(updated).toMatchObject({ actorKind: "user", after: { via: "call" } });
    expect((await world.page(token))?.customer?.address).toBe("6200 S Pulaski Rd");
  });

  it("a caller's new notes are added to the customer's, and notes alone text nobody a new address", async () => {
    const phone = uniquePhone();
    const { lead } = await add({ phone, details: "rear door, gate code 4411" });
    const smith = await world.locksmith("Andre Davis");
    await world.act(world.tokenOf(await world.dispatch(lead.id, smith.id)), { intent: "accept" });

    const again = await add({ phone, details: "Called again, very cold" });
    expect(again).toMatchObject({
      existed: true,
      changes: { details: "rear door, gate code 4411\nCalled again, very cold" },
      holder: { name: "Andre Davis", texted: false },
    });
    expect((await world.leadRow(lead.id))?.details).toBe(
      "rear door, gate code 4411\nCalled again, very cold",
    );
    const purposes = (await world.textsOf(lead.id)).map((text) => text.purpose);
    expect(purposes).not.toContain("locksmith_address_changed");
  });

  it("a double click (the same form token) is one lead, not 'opened the existing one'", async () => {
    const phone = uniquePhone();
    const input = typed({ phone });
    const { intent: _, ...lead } = input;
    const [a, b] = await Promise.all([
      addLeadFromCall(db(), lead, TEST_ACTOR, texts),
      addLeadFromCall(db(), lead, TEST_ACTOR, texts),
    ]);
    expect(a.lead.id).toBe(b.lead.id);
    expect([a.existed, b.existed]).toEqual([false, false]);
    expect(await leadsOf(phone)).toHaveLength(1);
  });

  it("two operators adding the same caller at once make one lead", async () => {
    const phone = uniquePhone();
    const results = await Promise.all([add({ phone }), add({ phone }), add({ phone })]);
    expect(await leadsOf(phone)).toHaveLength(1);
    expect(results.filter((result) => result.existed)).toHaveLength(2);
  });

  it("a closed lead, or one older than a day, does not stop a new one", async () => {
    const phone = uniquePhone();
    const first = await add({ phone });
    await db().update(leads).set({ status: "completed" }).where(eq(leads.id, first.lead.id));
    const second = await add({ phone });
    expect(second.existed).toBe(false);
    await db()
      .update(leads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(leads.id, second.lead.id));
    expect((await add({ phone })).existed).toBe(false);
    expect(await leadsOf(phone)).toHaveLength(3);
  });

  it("a web request after a phone lead joins it, and the reverse", async () => {
    const phone = uniquePhone();
    const byPhone = await add({ phone });
    const { lead, joined } = await storeWebRequest(
      db(),
      {
        name: "Ann Lee",
        phone: byPhone.lead.phone,
        serviceType: "emergency",
        zip: "60629",
        address: "6118 S Pulaski Rd",
        details: undefined,
      },
      texts,
    );
    expect(joined).toBe(true);
    expect(lead.id).toBe(byPhone.lead.id);
    const rows = await db().select().from(activityLog).where(eq(activityLog.leadId, lead.id));
    expect(rows.map((row) => row.action)).toContain("web_request_again");
  });
});

describe("Add Lead's input", () => {
  it("refuses a bad phone or a missing name with the form's messages", () => {
    const parsed = leadCreateSchema.safeParse({
      intent: "create",
      name: "",
      phone: "555-12",
      serviceType: "emergency",
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["name", "phone"]));
  });
});
