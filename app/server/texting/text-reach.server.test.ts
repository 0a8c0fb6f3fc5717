import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { listLeadActivity } from "../activity/activity.server";
import { leads } from "../db/business-tables.server";
import { createLead } from "../leads/leads.server";
import { queueCustomerText, queueText, TEXTS_PER_NUMBER } from "./outbox.server";

/*
 * SMS pumping (issue 47): texts go to the regions the business serves, never to a
 * premium-rate line, and one customer number gets a few an hour whatever asks for more.
 */
describeEachDatabase("where texts may go", (t) => {
  const db = () => t.handle.db;

  async function leadFor(phone: string) {
    const lead = await createLead(db(), { phone, serviceType: "automotive" }, TEST_ACTOR);
    await db().update(leads).set({ textConsent: true }).where(eq(leads.id, lead.id));
    return { ...lead, textConsent: true };
  }
  const dispatched = (lead: Awaited<ReturnType<typeof leadFor>>) =>
    db().transaction((tx) =>
      queueCustomerText(
        tx,
        configuredTexts(),
        lead,
        { kind: "customer_dispatched", values: { locksmith: "Sam" } },
        TEST_ACTOR,
      ),
    );

  it.each(["+18765550147", "+18095550147", "+14165550147"])(
    "texts nothing to %s, and says why on the lead",
    async (phone) => {
      const lead = await leadFor(phone);
      expect(await dispatched(lead)).toBeUndefined();
      expect((await listLeadActivity(db(), lead.id))[0]).toMatchObject({
        action: "text_withheld",
        after: expect.objectContaining({ reason: "region" }),
      });
    },
  );

  it("texts Canada when the business serves it, and a US number always", async () => {
    const canadian = await leadFor("+14165550148");
    const texts = { ...configuredTexts(), phoneRegions: ["US", "CA"] as const };
    const row = await db().transaction((tx) =>
      queueCustomerText(
        tx,
        texts,
        canadian,
        { kind: "customer_dispatched", values: { locksmith: "Sam" } },
        TEST_ACTOR,
      ),
    );
    expect(row?.toPhone).toBe("+14165550148");
    expect((await dispatched(await leadFor(uniquePhone())))?.status).toBe("queued");
  });

  it("never texts a premium-rate line, whoever the text is for", async () => {
    const row = await queueText(db(), configuredTexts(), {
      kind: "locksmith_link",
      to: "+19002345678",
      values: { link: "https://lockline.test/l/x" },
    });
    expect(row).toBeUndefined();
  });

  it(`sends one number ${TEXTS_PER_NUMBER.hour} customer texts an hour across requests`, async () => {
    const phone = uniquePhone();
    const sent = [];
    for (let i = 0; i < TEXTS_PER_NUMBER.hour + 2; i++) {
      sent.push(await dispatched(await leadFor(phone)));
    }
    expect(sent.filter(Boolean)).toHaveLength(TEXTS_PER_NUMBER.hour);
    const last = await db().select().from(leads).where(eq(leads.phone, phone));
    const reasons = await Promise.all(
      last.map(async (lead) => (await listLeadActivity(db(), lead.id))[0]?.after),
    );
    expect(reasons).toContainEqual(expect.objectContaining({ reason: "number_cap" }));
  });
});
