import { and, count, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { REQUEST_MESSAGES } from "~/lib/leads/service-request";
import { leads } from "../db/business-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { submitServiceRequest } from "./service-requests.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const valid = {
  name: "Dana Ruiz",
  phone: "(708) 424-1234",
  serviceType: "automotive",
  zip: "60453",
  details: "Keys locked in the car",
  website: "",
};

describeEachDatabase("service requests from the website", (t) => {
  const leadCount = async () =>
    Number((await t.handle.db.select({ n: count() }).from(leads))[0]!.n);
  let ip = 0;
  const nextIp = () => `203.0.113.${++ip}`;

  it("a valid request becomes exactly one new web lead, phone in E.164", async () => {
    const before = await leadCount();
    const result = await submitServiceRequest(t.handle.db, form(valid), nextIp());
    expect(result).toMatchObject({
      status: "created",
      serviceType: "automotive",
      zip: "60453",
      outsideArea: false,
    });
    expect(await leadCount()).toBe(before + 1);
    const [lead] = await t.handle.db
      .select()
      .from(leads)
      .orderBy(leads.createdAt)
      .limit(1)
      .offset(before);
    expect(lead).toMatchObject({
      name: "Dana Ruiz",
      phone: "+17084241234",
      source: "web",
      status: "new",
      zip: "60453",
      details: "Keys locked in the car",
    });
  });

  it.each([
    ["name", { name: " " }, REQUEST_MESSAGES.name],
    ["phone", { phone: "555-12" }, REQUEST_MESSAGES.phone],
    ["phone", { phone: "+44 20 7946 0958" }, REQUEST_MESSAGES.phone],
    ["serviceType", { serviceType: "teleportation" }, REQUEST_MESSAGES.serviceType],
    ["zip", { zip: "6045" }, REQUEST_MESSAGES.zip],
    ["zip", { zip: "60453-1234" }, REQUEST_MESSAGES.zip],
    ["details", { details: "x".repeat(1001) }, REQUEST_MESSAGES.details],
    ["email", { email: "dana at example" }, REQUEST_MESSAGES.email],
  ])(
    "a bad %s gets its message, keeps what was typed, and stores nothing",
    async (field, change, message) => {
      const before = await leadCount();
      const typed = { ...valid, ...change };
      const result = await submitServiceRequest(t.handle.db, form(typed), nextIp());
      expect(result.status).toBe("invalid");
      if (result.status !== "invalid") return;
      expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toBe(message);
      expect(result.values.name).toBe(typed.name);
      expect(result.values.phone).toBe(typed.phone);
      expect(await leadCount()).toBe(before);
    },
  );

  it("accepts a ZIP outside the service area and says so", async () => {
    const result = await submitServiceRequest(
      t.handle.db,
      form({ ...valid, zip: "10001" }),
      nextIp(),
    );
    expect(result).toMatchObject({ status: "created", outsideArea: true });
  });

  it("refuses a filled honeypot, says why and stores nothing", async () => {
    const before = await leadCount();
    const result = await submitServiceRequest(
      t.handle.db,
      form({ ...valid, website: "http://spam.example" }),
      nextIp(),
    );
    expect(result).toMatchObject({
      status: "refused",
      message: REQUEST_MESSAGES.honeypot,
      values: { name: "Dana Ruiz" },
    });
    expect(await leadCount()).toBe(before);
  });

  it("refuses the sixth request in an hour from one IP, keeping what was typed", async () => {
    const address = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await submitServiceRequest(t.handle.db, form(valid), address)).status).toBe(
        "created",
      );
    }
    const before = await leadCount();
    const refused = await submitServiceRequest(t.handle.db, form(valid), address);
    expect(refused).toMatchObject({
      status: "refused",
      message: REQUEST_MESSAGES.rateLimited,
      values: { phone: valid.phone },
    });
    expect(await leadCount()).toBe(before);
    // Someone else is not affected.
    expect((await submitServiceRequest(t.handle.db, form(valid), nextIp())).status).toBe("created");
  });
});

describeEachDatabase("a repeated web request", (t) => {
  let ip = 100;
  const nextIp = () => `203.0.113.${++ip}`;
  const leadsOf = (phone: string) => t.handle.db.select().from(leads).where(eq(leads.phone, phone));
  const request = (phone: string, more: Record<string, string> = {}) =>
    submitServiceRequest(t.handle.db, form({ ...valid, phone, ...more }), nextIp());

  it("joins the open lead from the same phone, on its timeline, with its address", async () => {
    const phone = uniquePhone();
    await request(phone, { address: "6118 S Pulaski Rd" });
    const [lead] = await leadsOf(phone);
    expect(lead).toMatchObject({ address: "6118 S Pulaski Rd", source: "web" });
    const again = await request(phone, { address: "6118 s pulaski rd" });
    expect(again).toMatchObject({ status: "created", leadId: lead!.id });
    expect(await leadsOf(phone)).toHaveLength(1);
    // Newest first: the wake-ups starting over (decision 0051), after the customer's word.
    const [restarted, repeated] = await listLeadActivity(t.handle.db, lead!.id);
    expect(repeated).toMatchObject({
      action: "web_request_again",
      actorKind: "customer",
      after: expect.objectContaining({ address: "6118 s pulaski rd" }),
    });
    expect(restarted).toMatchObject({ action: "ladder_restarted" });
  });

  it("wakes the operators' devices once for the request and once for each time it comes again", async () => {
    const phone = uniquePhone();
    await request(phone);
    const [lead] = await leadsOf(phone);
    await request(phone);
    await request(phone, { details: "Still locked out, please hurry" });
    const pushes = await t.handle.db
      .select({ payload: timers.payload })
      .from(timers)
      .where(and(eq(timers.kind, "operator_push"), eq(timers.leadId, lead!.id)))
      .orderBy(timers.createdAt);
    expect(pushes.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ title: "New web request", url: `/admin/leads/${lead!.id}` }),
      expect.objectContaining({
        title: "Web request again",
        body: "An open lead's caller wrote again: Automotive in Oak Lawn (60453)",
      }),
      expect.objectContaining({ title: "Web request again" }),
    ]);
  });

  it("makes one lead when the same phone sends the form ten times at once", async () => {
    const phone = uniquePhone();
    await Promise.all(Array.from({ length: 10 }, () => request(phone)));
    expect(await leadsOf(phone)).toHaveLength(1);
  });

  it("makes a new lead once the open one is closed, or after 24 hours", async () => {
    const phone = uniquePhone();
    await request(phone);
    const [first] = await leadsOf(phone);
    await t.handle.db.update(leads).set({ status: "completed" }).where(eq(leads.id, first!.id));
    await request(phone);
    const [, second] = await leadsOf(phone).orderBy(leads.createdAt);
    expect(second).toBeDefined();
    await t.handle.db
      .update(leads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(leads.id, second!.id));
    await request(phone);
    expect(await leadsOf(phone)).toHaveLength(3);
  });

  it("keeps an e-mail address given for the receipt's copy; none is needed (issue 44)", async () => {
    const phone = uniquePhone();
    await request(phone, { email: " dana@example.com " });
    expect((await leadsOf(phone))[0]).toMatchObject({ email: "dana@example.com" });
    const other = uniquePhone();
    expect(await request(other, { email: "" })).toMatchObject({ status: "created" });
    expect((await leadsOf(other))[0]).toMatchObject({ email: null });
    // Given again with the next request: the latest address is the one.
    await request(other, { email: "ruiz@example.com" });
    expect(await leadsOf(other)).toMatchObject([{ email: "ruiz@example.com" }]);
  });

  it("refuses an address over 200 characters, storing nothing", async () => {
    const phone = uniquePhone();
    const result = await request(phone, { address: "x".repeat(201) });
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: { address: REQUEST_MESSAGES.address },
    });
    expect(await leadsOf(phone)).toHaveLength(0);
  });
});
