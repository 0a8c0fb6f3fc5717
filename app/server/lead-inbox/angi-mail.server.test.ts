import fs from "node:fs";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { leads } from "../db/business-tables.server";
import { leadInboxConnections, partnerLeads } from "../db/partner-lead-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { handleAngiWebhook } from "./angi-mail.server";
import { readConnection, readConnections, setConnection } from "./thumbtack-angi-store.server";

const SECRET = "angi-inbound-secret-123456";
const env = { ANGI_INBOUND_SECRET: SECRET };
const TOKEN = "a1b2c3d4e5f6a7b8c9d0e1f2";
const FIXTURE = fs.readFileSync(
  path.join(import.meta.dirname, "../../../tests/fixtures/lead-inbox/angi-lead.eml"),
  "utf8",
);
/** The fixture, sent to this business's forwarding address. */
const mailTo = (token: string, messageId = "<20261129.184211.7731@mail.angi.example>") =>
  FIXTURE.replace("FORWARD_TOKEN", token).replace(
    "<20261129.184211.7731@mail.angi.example>",
    messageId,
  );

const auth = (password: string) => `Basic ${Buffer.from(`inbound:${password}`).toString("base64")}`;

/** The inbound parse's post: raw MIME as the body, or as a form's `email` field. */
function post(raw: string, { password = SECRET, form = false } = {}) {
  if (form) {
    const body = new FormData();
    body.set("email", raw);
    body.set("to", "angi@inbound.lockline.example");
    return new Request("http://localhost/api/webhooks/angi", {
      method: "POST",
      headers: { authorization: auth(password) },
      body,
    });
  }
  return new Request("http://localhost/api/webhooks/angi", {
    method: "POST",
    headers: { authorization: auth(password), "content-type": "message/rfc822" },
    body: raw,
  });
}

describeEachDatabase("Angi lead e-mails", (t) => {
  const db = () => t.handle.db;

  beforeEach(async () => {
    await db().delete(timers);
    await db().delete(partnerLeads);
    await db().delete(leadInboxConnections);
    await db().delete(leads);
    await setConnection(db(), "angi", true, TEST_ACTOR, () => TOKEN);
  });

  it("makes a lead with the source Angi from the e-mail, once per Message-ID", async () => {
    const first = await handleAngiWebhook(post(mailTo(TOKEN)), db(), env);
    expect(await first.json()).toEqual({ received: true, outcome: "created" });
    const again = await handleAngiWebhook(post(mailTo(TOKEN), { form: true }), db(), env);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    const rows = await db().select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Ruiz",
      phone: "+13125550182",
      email: "dana.ruiz@example.com",
      address: "2214 N Halsted St, Apt 3, Chicago, IL 60614",
      zip: "60614",
      serviceType: "emergency",
      source: "web",
      sourceName: "Angi",
    });
    expect(rows[0]!.details).toMatch(/^Lockout - Emergency Service: Locked out of my apartment/);
    expect((await readConnection(db(), "angi"))?.lastLeadAt).toBeInstanceOf(Date);
  });

  it("reads the e-mail from an inbound parse form's `email` field", async () => {
    const answer = await handleAngiWebhook(
      post(mailTo(TOKEN, "<other@mail.angi.example>"), { form: true }),
      db(),
      env,
    );
    expect(await answer.json()).toEqual({ received: true, outcome: "created" });
  });

  it("refuses a wrong password (401) and answers 404 while not set up", async () => {
    const refused = await handleAngiWebhook(
      post(mailTo(TOKEN), { password: "x".repeat(20) }),
      db(),
      env,
    );
    expect(refused.status).toBe(401);
    expect((await handleAngiWebhook(post(mailTo(TOKEN)), db(), {})).status).toBe(404);
    expect(await db().$count(leads)).toBe(0);
  });

  it("takes nothing for an unknown address, or while Angi is off, and says so", async () => {
    const stranger = await handleAngiWebhook(post(mailTo("ffffffffffffffff")), db(), env);
    expect(await stranger.json()).toEqual({ received: true, outcome: "ignored" });
    expect((await readConnection(db(), "angi"))?.lastError).toMatch(/unknown Angi address/);
    await setConnection(db(), "angi", false, TEST_ACTOR, () => "unused");
    const off = await handleAngiWebhook(post(mailTo(TOKEN)), db(), env);
    expect(await off.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await db().$count(leads)).toBe(0);
    const angi = (await readConnections(db())).find((c) => c.provider === "angi");
    expect(angi).toMatchObject({ enabled: false, lastError: expect.stringMatching(/turned off/) });
  });

  it("keeps the forwarding address when Angi is turned off and on again", async () => {
    await setConnection(db(), "angi", false, TEST_ACTOR, () => "changed-token");
    await setConnection(db(), "angi", true, TEST_ACTOR, () => "changed-token");
    expect((await readConnection(db(), "angi"))?.addressToken).toBe(TOKEN);
  });

  it("does not take an e-mail that names no customer (a newsletter)", async () => {
    const newsletter = mailTo(TOKEN, "<news@mail.angi.example>").replace(
      /Customer Name: Dana Ruiz\nPhone: \(312\) 555-0182\n/,
      "",
    );
    const answer = await handleAngiWebhook(post(newsletter), db(), env);
    expect(await answer.json()).toEqual({ received: true, outcome: "ignored" });
    expect((await readConnection(db(), "angi"))?.lastError).toMatch(/names no customer/);
  });
});
