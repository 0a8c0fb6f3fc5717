import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { createTestLocksmith } from "../../../tests/helpers/available-locksmith";
import { uniquePhone } from "../../../tests/helpers/phones";
import { heardByPhone } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { presetPeriod } from "~/lib/time/chicago-period";
import { leads } from "../db/business-tables.server";
import { lsaLeads } from "../db/lead-inbox-tables.server";
import { recordCallEvent } from "../phones/call-events.server";
import { createJob, setJobPricing, setJobStatus } from "../money/jobs.server";
import { listLeads } from "../leads/leads.server";
import { sourceChangeLine } from "~/lib/reports/source-changes";
import { readReports } from "./reports.server";
import { submitServiceRequest } from "../leads/service-requests.server";
import {
  addSource,
  addTrackingNumber,
  deleteSource,
  importSpend,
  listSourceChanges,
  listSources,
  setSpend,
  sourceNameChoices,
} from "./sources.server";

/*
 * Sources and reports on both databases (issue 30, decision 0039): where a lead's source
 * comes from (a web request's first touch, the number a call dialled) and how the report
 * reads it back. The formulas themselves are tested in app/lib/reports/report.test.ts.
 */

const sid = () => `CA${crypto.randomUUID().replace(/-/g, "")}`;
const display = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

describeEachDatabase("sources and reports", (t) => {
  const db = () => t.handle.db;
  const lead = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;

  it("a web request keeps its first touch, the page it was sent from, and its source", async () => {
    const form = new FormData();
    const fields = {
      name: "Ada Touch",
      phone: display(uniquePhone()),
      serviceType: "emergency",
      zip: "60615",
      ft_landingPage: "/service-areas/chicago-60615-hyde-park-locksmith",
      ft_utmSource: "google",
      ft_gclid: "abc",
      ft_referrerHost: "www.google.com",
      ft_utmMedium: "x".repeat(500), // too long: dropped, the request still goes
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const result = await submitServiceRequest(
      db(),
      form,
      `10.9.${Math.floor(Math.random() * 250)}.1`,
      undefined,
      "/request?area=chicago-60615-hyde-park",
    );
    expect(result.status).toBe("created");
    const stored = await lead((result as { leadId: string }).leadId);
    expect(stored).toMatchObject({
      source: "web",
      sourceName: "Google Ads",
      landingPage: "/service-areas/chicago-60615-hyde-park-locksmith",
      utmSource: "google",
      gclid: "abc",
      referrerHost: "www.google.com",
      utmMedium: null,
      requestPage: "/request?area=chicago-60615-hyde-park",
    });
  });

  it("a second request from the phone joins the open lead and keeps the lead's first touch", async () => {
    const phone = display(uniquePhone());
    const send = (fields: Record<string, string>) => {
      const form = new FormData();
      const all = { name: "Bo Again", phone, serviceType: "residential", zip: "60453", ...fields };
      for (const [name, value] of Object.entries(all)) form.set(name, value);
      return submitServiceRequest(db(), form, `10.8.${Math.floor(Math.random() * 250)}.2`);
    };
    const first = await send({ ft_landingPage: "/services/residential", ft_utmSource: "yelp" });
    const again = await send({ ft_landingPage: "/", ft_gclid: "later" });
    const leadId = (first as { leadId: string }).leadId;
    expect((again as { leadId: string }).leadId).toBe(leadId);
    expect(await lead(leadId)).toMatchObject({
      sourceName: "yelp",
      landingPage: "/services/residential",
      gclid: null,
    });
  });

  it("a call takes its source from the number dialled: tracking number, website, or not known", async () => {
    await addSource(db(), "Truck wrap", TEST_ACTOR);
    const truck = (await listSources(db())).find((source) => source.name === "Truck wrap")!;
    const tracking = uniquePhone();
    await addTrackingNumber(db(), truck.id, tracking, TEST_ACTOR);
    await expect(addTrackingNumber(db(), truck.id, tracking, TEST_ACTOR)).rejects.toThrow(
      "That number already belongs to a source",
    );
    const website = uniquePhone();
    const call = async (to: string) => {
      const outcome = await recordCallEvent(
        db(),
        {
          CallSid: sid(),
          CallStatus: "completed",
          From: uniquePhone(),
          To: to,
          Direction: "inbound",
          CallDuration: 30,
        },
        new Date(),
        website,
      );
      if (outcome.outcome !== "created" || !outcome.lead) throw new Error("no lead");
      return outcome.lead;
    };
    expect(await call(tracking)).toMatchObject({
      sourceName: "Truck wrap",
      calledNumber: tracking,
    });
    // The leads list filters by it, whatever the case typed.
    const listed = await listLeads(db(), { sourceName: "TRUCK WRAP" });
    expect(listed.rows.map((row) => row.sourceName)).toEqual(["Truck wrap"]);
    expect(await call(website)).toMatchObject({ sourceName: "Website" });
    expect(await call(uniquePhone())).toMatchObject({ sourceName: null });
    expect(await sourceNameChoices(db())).toEqual(
      expect.arrayContaining(["Truck wrap", "Website"]),
    );
  });

  it("source names are unique without regard to case; spend is kept per month, imported all or none", async () => {
    await addSource(db(), "Yelp Ads", TEST_ACTOR);
    await expect(addSource(db(), "yelp ads", TEST_ACTOR)).rejects.toThrow(
      "There is already a source of that name",
    );
    const yelp = (await listSources(db())).find((source) => source.name === "Yelp Ads")!;
    await setSpend(db(), yelp.id, "2026-10-01", 10_000, TEST_ACTOR);
    await setSpend(db(), yelp.id, "2026-10-01", 12_000, TEST_ACTOR);
    await importSpend(
      db(),
      [
        { source: "YELP ADS", month: "2026-11-01", amountCents: 5_000 },
        { source: "Billboard", month: "2026-11-01", amountCents: 7_000 },
      ],
      TEST_ACTOR,
    );
    const sources = await listSources(db());
    expect(sources.find((source) => source.name === "Yelp Ads")!.spend).toEqual({
      "2026-10-01": 12_000,
      "2026-11-01": 5_000,
    });
    expect(sources.find((source) => source.name === "Billboard")!.spend).toEqual({
      "2026-11-01": 7_000,
    });
    // Deleting a source takes its numbers and spend with it.
    await deleteSource(db(), yelp.id, TEST_ACTOR);
    expect((await listSources(db())).some((source) => source.name === "Yelp Ads")).toBe(false);
    await expect(deleteSource(db(), yelp.id, TEST_ACTOR)).rejects.toThrow(
      "That source no longer exists",
    );
    // Each change is in the activity log, newest first; the refused ones are not.
    const log = (await listSourceChanges(db(), 6)).map((row) => sourceChangeLine(row).what);
    expect(log).toEqual([
      "Deleted the source Yelp Ads, with 0 tracking numbers and 2 months of spend",
      "Imported 2 months of spend for 2 sources",
      "Set Yelp Ads's spend for October 2026 to $120.00 (was $100.00)",
      "Set Yelp Ads's spend for October 2026 to $100.00",
      "Added the source Yelp Ads",
      expect.stringContaining("Truck wrap") as unknown as string,
    ]);
  });

  it("the report shows a lead, then its completed job's revenue under its source and city, and the cost per booked job", async () => {
    const now = new Date();
    const month = presetPeriod("this_month", now);
    const name = `Source ${crypto.randomUUID().slice(0, 8)}`;
    const [made] = await db()
      .insert(leads)
      .values({ phone: uniquePhone(), serviceType: "residential", zip: "60453", sourceName: name })
      .returning();
    const bySource = async () => {
      const [source, city] = await readReports(db(), month, ["source", "city"]);
      return {
        row: source!.rows.find((row) => row.label === name),
        city: city!.rows.find((row) => row.label === "Oak Lawn"),
      };
    };
    expect((await bySource()).row).toMatchObject({
      leads: 1,
      completed: 0,
      revenueCents: 0,
      costPerBookedJobCents: null,
    });

    const smith = await createTestLocksmith(db(), { name: "Rita Report" });
    const job = await createJob(
      db(),
      { clientName: "C", jobType: "residential", locksmithId: smith.id, leadId: made!.id },
      TEST_ACTOR,
    );
    await setJobPricing(db(), job.id, { finalPriceCents: 25_000 }, TEST_ACTOR);
    // A home opening: its door check read out to the office by phone first (decision 0075).
    await heardByPhone(db(), job.id);
    await setJobStatus(db(), job.id, "completed", TEST_ACTOR);
    const after = await bySource();
    expect(after.row).toMatchObject({
      leads: 1,
      dispatched: 1,
      accepted: 1,
      booked: 1,
      completed: 1,
      revenueCents: 25_000,
      businessCutCents: 10_000,
      averageTicketCents: 25_000,
      spendCents: null,
      costPerBookedJobCents: null,
    });
    expect(after.city!.revenueCents).toBeGreaterThanOrEqual(25_000);

    // Spend for every month of the period: the whole month's.
    await importSpend(
      db(),
      [
        {
          source: name,
          month: `${month.first.year}-${String(month.first.month).padStart(2, "0")}-01`,
          amountCents: 30_000,
        },
      ],
      TEST_ACTOR,
    );
    expect((await bySource()).row).toMatchObject({
      spendCents: 30_000,
      costPerLeadCents: 30_000,
      costPerBookedJobCents: 30_000,
    });
  });
  it("Google Local Services' cost per booked job leaves out the leads Google credited back", async () => {
    const month = presetPeriod("this_month", new Date());
    const [made] = await db()
      .insert(leads)
      .values({
        phone: uniquePhone(),
        serviceType: "emergency",
        sourceName: "Google Local Services",
      })
      .returning();
    const smith = await createTestLocksmith(db(), { name: "Lou Local" });
    await createJob(
      db(),
      { clientName: "C", jobType: "emergency", locksmithId: smith.id, leadId: made!.id },
      TEST_ACTOR,
    );
    await importSpend(
      db(),
      [
        {
          source: "Google Local Services",
          month: `${month.first.year}-${String(month.first.month).padStart(2, "0")}-01`,
          amountCents: 30_000,
        },
      ],
      TEST_ACTOR,
    );
    const row = async () =>
      (await readReports(db(), month, ["source"]))[0]!.rows.find(
        (r) => r.label === "Google Local Services",
      );
    expect(await row()).toMatchObject({ booked: 1, costPerBookedJobCents: 30_000 });
    // Two leads charged this month, one of them credited back: half the spend was spent.
    const lsaLead = (n: number, creditState: string | null) => ({
      resourceName: `customers/1234567890/localServicesLeads/${Date.now()}${n}`,
      leadType: "PHONE_CALL",
      googleCreatedAt: new Date(),
      charged: true,
      creditState,
    });
    await db().insert(lsaLeads).values([lsaLead(1, null), lsaLead(2, "CREDITED")]);
    expect(await row()).toMatchObject({
      spendCents: 30_000,
      costPerLeadCents: 30_000,
      costPerBookedJobCents: 15_000,
    });
  });
});
