import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { jobPageActionSchema } from "~/lib/schemas/job-page";
import { SIGNATURE_MAX_CHARS } from "~/lib/schemas/signature";
import { buildReceipt } from "~/lib/money/receipt";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import {
  alertsOf,
  ON_CALL_PHONE,
  operatorTextsOf,
  saveWatchSettings,
  watchSettings,
} from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, unconfiguredTexts } from "../../../tests/helpers/texting";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { customers, quotes } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { actOnCustomerPage, readCustomerPage } from "../customers/customer-page.server";
import { AboveQuoteError } from "../dispatch/job-page.server";
import { listNeedsAttention } from "../night-watch/alerts.server";
import { sweepClockRules } from "../night-watch/clock-rules-sweep.server";
import { answerHeldQuote, QUOTE_RULE } from "./quotes.server";
import { readReceipt } from "./receipts.server";

/** A tiny real PNG (1×1), as the signature pad's canvas.toDataURL gives one. */
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describeEachDatabase("a typo cannot reach the customer as a price", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** A car-key job (usual $125–$350: held above $1,050) accepted by Marcus; the customer's token. */
  async function accepted(world = w) {
    const smith = await world.locksmith("Marcus Reed", 60);
    const lead = await world.lead({ consent: true, serviceType: "automotive" });
    const token = world.tokenOf(await world.dispatch(lead.id, smith.id));
    await world.act(token, { intent: "accept" });
    const [dispatched] = (await world.textsOf(lead.id)).filter(
      (row) => row.purpose === "customer_dispatched",
    );
    const customer = dispatched && /\/t\/([A-Za-z0-9_-]{43})/.exec(dispatched.body)![1]!;
    return { smith, lead, token, customer };
  }
  const quote = (token: string, total: number, reason: string | null = "As agreed", world = w) =>
    world.act(token, { intent: "quote", lines: [], total, reason });
  const customerSees = async (customer: string) => (await readCustomerPage(db(), customer))!;

  it("holds an $18,500 lockout re-quote for the office: the customer never sees it until the office confirms", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const { lead, token, customer } = await accepted();
    await w.approvedQuote(token, 18_500);

    expect(await quote(token, 1_850_000, "ok")).toBe("quote_held");
    const page = (await w.page(token))!;
    expect(page.officeQuote).toMatchObject({ amountCents: 1_850_000, state: "held" });
    expect(page.quote).toMatchObject({ amountCents: 18_500, state: "approved" });

    // The customer's page: the approved $185 and the usual range, never $18,500.
    const seen = await customerSees(customer!);
    expect(seen.quote).toMatchObject({ amountCents: 18_500, state: "approved" });
    expect(seen.usualPrice).toBe("Usual price for car keys: $125.00–$350.00");
    // Nor can it be approved there, or in person, by its id.
    const heldId = page.officeQuote!.id;
    await expect(
      actOnCustomerPage(db(), customer!, { intent: "approve", quoteId: heldId }, configuredTexts()),
    ).rejects.toMatchObject({ message: QUOTE_RULE.changed });
    await expect(
      w.act(token, { intent: "send_approval_code", quoteId: heldId }),
    ).rejects.toMatchObject({ message: QUOTE_RULE.changed });
    // Nor is it texted to them.
    const waitingTexts = async () =>
      (await w.textsOf(lead.id))
        .filter((row) => row.purpose === "customer_quote_waiting")
        .map((row) => row.body);
    expect((await waitingTexts()).join("\n")).not.toContain("$18,500.00");
    // The job is bound by the approved $185 meanwhile.
    await expect(w.complete(token, 1_850_000)).rejects.toBeInstanceOf(AboveQuoteError);

    // The office is alerted as the night watch alerts it: the queue, and the on-call's phone.
    const [alert] = await alertsOf(db(), lead.id);
    expect(alert).toMatchObject({ rule: "quote_held", clearedAt: null });
    expect((await listNeedsAttention(db())).find((item) => item.leadId === lead.id)).toMatchObject({
      ruleText: "A quote far from the usual price waits for your confirmation",
    });
    const [texted] = await operatorTextsOf(db(), lead.id);
    expect(texted).toMatchObject({ toPhone: ON_CALL_PHONE });
    expect(texted!.body).toContain("$18,500.00 for Automotive from Marcus Reed");

    // The sweep keeps the alert open while the quote waits.
    await db().transaction((tx) =>
      sweepClockRules(tx, {
        texts: configuredTexts(),
        settings: watchSettings({ mode: "off" }),
        now: new Date(),
      }),
    );
    expect((await alertsOf(db(), lead.id)).filter((row) => !row.clearedAt)).toHaveLength(1);

    // Confirmed: it goes to the customer as any quote, replacing the approved one.
    await answerHeldQuote(db(), {
      leadId: lead.id,
      quoteId: heldId,
      decision: "confirm",
      reason: null,
      texts: configuredTexts(),
      actor: TEST_ACTOR,
      now: new Date(),
    });
    expect((await customerSees(customer!)).quote).toMatchObject({
      amountCents: 1_850_000,
      state: "pending",
    });
    // As any quote: the customer is texted the price that waits on them.
    expect((await waitingTexts()).join("\n")).toContain("$18,500.00");
    expect((await alertsOf(db(), lead.id)).every((row) => row.clearedAt)).toBe(true);
    // Answered once: a second answer records nothing.
    await expect(
      answerHeldQuote(db(), {
        leadId: lead.id,
        quoteId: heldId,
        decision: "reject",
        reason: "Too late",
        texts: configuredTexts(),
        actor: TEST_ACTOR,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ message: QUOTE_RULE.officeDecided });
    const actions = (await listLeadActivity(db(), lead.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["quote_held", "quote_confirmed"]));
    expect(actions).not.toContain("quote_rejected");
  });

  it("rejected by the office with a reason: the locksmith reads it, the customer never sees the quote", async () => {
    const { lead, token, customer } = await accepted();
    await quote(token, 200_000);
    const held = (await w.page(token))!.officeQuote!;
    // Only this lead's quote: another lead's id is refused.
    await expect(
      answerHeldQuote(db(), {
        leadId: (await w.lead()).id,
        quoteId: held.id,
        decision: "confirm",
        reason: null,
        texts: configuredTexts(),
        actor: TEST_ACTOR,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ message: QUOTE_RULE.officeDecided });
    await answerHeldQuote(db(), {
      leadId: lead.id,
      quoteId: held.id,
      decision: "reject",
      reason: "A lockout is $185: did you mean that?",
      texts: configuredTexts(),
      actor: TEST_ACTOR,
      now: new Date(),
    });
    expect((await w.page(token))!.officeQuote).toMatchObject({
      state: "rejected",
      officeReason: "A lockout is $185: did you mean that?",
    });
    expect((await customerSees(customer!)).quote).toBeNull();
    expect((await alertsOf(db(), lead.id)).every((row) => row.clearedAt)).toBe(true);
    // The locksmith quotes again within bounds: it goes to the customer.
    expect(await quote(token, 18_500, null)).toBe("quote");
    expect((await customerSees(customer!)).quote).toMatchObject({ amountCents: 18_500 });
    expect((await w.page(token))!.officeQuote).toBeNull();
  });

  it("holds from one cent beyond the bounds, and not at exactly 3× the top or a third of the bottom", async () => {
    const { token } = await accepted();
    expect(await quote(token, 105_000)).toBe("quote"); // 3 × $350
    expect(await quote(token, 105_001)).toBe("quote_held");
    expect(await quote(token, 4_167)).toBe("quote"); // $125 / 3, rounded up to the cent
    expect(await quote(token, 4_166)).toBe("quote_held");
  });

  it("a new quote replaces one still waiting for the office", async () => {
    const { token, lead } = await accepted();
    await quote(token, 500_000);
    await quote(token, 600_000);
    const rows = await db().select().from(quotes).where(eq(quotes.leadId, lead.id));
    expect(rows.map((row) => [row.amountCents, row.state]).sort()).toEqual([
      [500_000, "superseded"],
      [600_000, "held"],
    ]);
  });

  it("a customer no code can reach signs on the locksmith's device; the receipt and timeline say so", async () => {
    const unconfigured = dispatchWorld(db, unconfiguredTexts);
    const { token, lead } = await accepted(unconfigured);
    await quote(token, 18_500, null, unconfigured);
    const page = (await unconfigured.page(token))!;
    expect(page.signatureOffered).toBe(true);
    expect(
      await unconfigured.act(token, {
        intent: "approve_with_signature",
        quoteId: page.quote!.id,
        signerName: "Ann Lee",
        consent: "on",
        signature: PNG,
      }),
    ).toBe("approved_with_signature");
    const [row] = await db().select().from(quotes).where(eq(quotes.id, page.quote!.id));
    expect(row).toMatchObject({
      state: "approved",
      approvedWay: "customer_signature",
      approvedName: "Ann Lee",
      approvedSignature: PNG,
    });
    await unconfigured.complete(token, 18_500, { paymentMethod: "cash", collectedBy: "locksmith" });
    const [job] = await unconfigured.jobsOf(lead.id);
    const receipt = (await readReceipt(db(), job!.id))!;
    const approval = buildReceipt(receipt, {
      name: "Lockline",
      phone: "(312) 555-0147",
      email: "office@lockline.example",
    }).totals.find(([label]) => label === "Approval");
    expect(approval?.[1]).toMatch(/^Approved by signature on the locksmith's device, /);
    const [entry] = (await listLeadActivity(db(), lead.id)).filter(
      (item) => item.action === "quote_approved",
    );
    expect(entry!.after).toMatchObject({ way: "customer_signature", approvedName: "Ann Lee" });
  });

  it("refuses a signature for a customer a code can reach; allows it after STOP or a failed code", async () => {
    const { token, lead } = await accepted();
    await quote(token, 18_500, null);
    const page = (await w.page(token))!;
    expect(page.signatureOffered).toBe(false);
    const sign = () =>
      w.act(token, {
        intent: "approve_with_signature",
        quoteId: page.quote!.id,
        signerName: "Ann Lee",
        consent: "on",
        signature: undefined,
      });
    await expect(sign()).rejects.toMatchObject({ message: QUOTE_RULE.signatureRefused });
    const [unchanged] = await db().select().from(quotes).where(eq(quotes.id, page.quote!.id));
    expect(unchanged).toMatchObject({ state: "pending", approvedWay: null });

    // The code text failed: no code can reach them now.
    await w.act(token, { intent: "send_approval_code", quoteId: page.quote!.id });
    await db()
      .update(messages)
      .set({ status: "failed" })
      .where(eq(messages.purpose, "customer_approval_code"));
    expect((await w.page(token))!.signatureOffered).toBe(true);
    await sign();
    const [signed] = await db().select().from(quotes).where(eq(quotes.id, page.quote!.id));
    expect(signed).toMatchObject({ approvedWay: "customer_signature", approvedSignature: null });

    // A customer who replied STOP.
    const other = await accepted();
    await quote(other.token, 18_500, null);
    await db()
      .update(customers)
      .set({ textsOptedOutAt: new Date() })
      .where(eq(customers.id, other.lead.customerId!));
    expect((await w.page(other.token))!.signatureOffered).toBe(true);
    expect(lead.id).not.toBe(other.lead.id);
  });
});

it("takes only a PNG data URL within the size cap as a signature", () => {
  const sign = (signature: string) =>
    jobPageActionSchema.safeParse({
      intent: "approve_with_signature",
      quoteId: "6f1c2f1e-8a55-4b8e-9d3a-2b1f7d0c9e11",
      signerName: "Ann Lee",
      consent: "on",
      signature,
    });
  expect(sign(PNG).success).toBe(true);
  expect(sign("").success).toBe(true); // typed name only: the keyboard's way
  expect(sign(PNG.replace("image/png", "image/svg+xml")).success).toBe(false);
  expect(sign("data:image/png;base64,PHN2Zz48L3N2Zz4=").success).toBe(false); // not a PNG inside
  expect(sign(`${PNG}${"A".repeat(SIGNATURE_MAX_CHARS)}`).success).toBe(false);
  expect(sign("javascript:alert(1)").success).toBe(false);
  const unticked = jobPageActionSchema.safeParse({
    intent: "approve_with_signature",
    quoteId: "6f1c2f1e-8a55-4b8e-9d3a-2b1f7d0c9e11",
    signerName: "Ann Lee",
  });
  expect(unticked.success).toBe(false);
});
