import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { QUOTE_TEXT } from "~/lib/money/quote";
import { AFTER_HOURS_OFF, isAfterHours, LINE_KIND_TEXT } from "~/lib/money/line-kinds";
import { jobPageActionSchema } from "~/lib/schemas/job-page";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { saveAfterHours } from "./after-hours.server";
import { buildReceipt } from "~/lib/money/receipt";
import { readReceipt } from "./receipts.server";
import { RULE } from "~/lib/ui-text";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { customers, locksmithEarnings, quotes } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import { listLeadActivity } from "../activity/activity.server";
import { AboveQuoteError } from "../dispatch/job-page.server";
import {
  APPROVAL_CODE_MINUTES,
  APPROVAL_CODE_TRIES,
  QUOTE_RULE,
  QuoteFieldError,
} from "./quotes.server";

describeEachDatabase("quote before work", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** A car lockout (usual $75–$350 by default: automotive) accepted by Marcus. */
  async function accepted() {
    const smith = await w.locksmith("Marcus Reed", 60);
    const lead = await w.lead({ consent: true, serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    return { smith, lead, token };
  }
  const quote = (token: string, total: number, reason: string | null = null) =>
    w.act(token, { intent: "quote", lines: [], total, reason });
  const approve = async (token: string, quoteId?: string) => {
    const id = quoteId ?? (await w.page(token))!.quote!.id;
    const code = await w.textedCode(token, id);
    return w.act(token, { intent: "approve_with_code", quoteId: id, code });
  };
  const quotesOf = (jobId: string) => db().select().from(quotes).where(eq(quotes.jobId, jobId));
  const activity = async (leadId: string) =>
    (await listLeadActivity(db(), leadId)).map((entry) => entry.action);

  it("refuses to complete before a quote is approved, and writes nothing", async () => {
    const { token, lead } = await accepted();
    await expect(w.complete(token, 15_000)).rejects.toMatchObject({
      message: QUOTE_TEXT.noApprovedQuote,
      field: "price",
    });
    await quote(token, 15_000);
    await expect(w.complete(token, 15_000)).rejects.toBeInstanceOf(AboveQuoteError);
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "in_progress",
      finalPriceCents: null,
      paymentMethod: null,
    });
    expect(await w.page(token)).toMatchObject({ stage: "accepted", quote: { state: "pending" } });
  });

  it("takes a senior discount off the lines: the customer approves it, the receipt lists it", async () => {
    const { token, lead } = await accepted();
    const lines = [
      { label: "Lockout service", cents: 12_500 },
      { label: "New key", cents: 4_000 },
    ];
    // Wrong ways first: each says which field, and no quote is saved.
    await expect(
      w.act(token, {
        intent: "quote",
        lines,
        reason: null,
        discount: "senior",
        discountAmount: 17_000,
      }),
    ).rejects.toMatchObject({ field: "discountAmount" });
    await expect(
      w.act(token, {
        intent: "quote",
        lines,
        reason: null,
        discount: "other",
        discountAmount: 500,
      }),
    ).rejects.toMatchObject({ field: "discountReason" });
    const [job] = await w.jobsOf(lead.id);
    expect(await quotesOf(job!.id)).toHaveLength(0);

    await w.act(token, {
      intent: "quote",
      lines,
      reason: null,
      discount: "senior",
      discountAmount: 1_500,
    });
    const given = (await w.page(token))!.quote!;
    expect(given).toMatchObject({
      amountCents: 15_000,
      lines: [...lines, { label: "Senior discount", cents: -1_500 }],
    });
    await approve(token);
    await w.complete(token, 15_000);
    const [done] = await w.jobsOf(lead.id);
    const receipt = buildReceipt((await readReceipt(db(), done!.id))!, {
      name: "Lockline",
      phone: "(312) 555-0147",
      email: "a@b.example",
    });
    expect(receipt.items.map((item) => [item.label, item.amount])).toContainEqual([
      "Senior discount",
      "-$15.00",
    ]);
    expect(new Map(receipt.totals).get("Final price")).toBe("$150.00");
  });

  it("needs a reason outside the usual range, and saves nothing without one", async () => {
    const { token, lead } = await accepted();
    const [job] = await w.jobsOf(lead.id);
    const tooHigh = quote(token, 90_000);
    await expect(tooHigh).rejects.toBeInstanceOf(QuoteFieldError);
    await expect(tooHigh).rejects.toMatchObject({ field: "reason" });
    expect(await quotesOf(job!.id)).toHaveLength(0);
    expect(await activity(lead.id)).not.toContain("quote_given");
    await quote(token, 90_000, "Two doors, high-security cylinders");
    expect(await quotesOf(job!.id)).toMatchObject([
      { amountCents: 90_000, state: "pending", reason: "Two doors, high-security cylinders" },
    ]);
  });

  it("totals line items; a total that disagrees with them is refused", async () => {
    const { token, lead } = await accepted();
    const lines = [
      { label: "Lockout", cents: 9_500 },
      { label: "New key", cents: 4_000 },
    ];
    await expect(
      w.act(token, { intent: "quote", lines, total: 95_000, reason: null }),
    ).rejects.toMatchObject({ field: "total", message: QUOTE_TEXT.totalMismatch(13_500, 95_000) });
    await w.act(token, { intent: "quote", lines, reason: null });
    const [job] = await w.jobsOf(lead.id);
    expect(await quotesOf(job!.id)).toMatchObject([{ amountCents: 13_500, lines }]);
  });

  it("bounds the final by the approved quote; a higher final needs a new quote, a reason and a new approval", async () => {
    const { token, lead, smith } = await accepted();
    await quote(token, 18_500);
    await approve(token);
    // The slip: "1850" for "185".
    const slip = w.complete(token, 185_000);
    await expect(slip).rejects.toBeInstanceOf(AboveQuoteError);
    await expect(slip).rejects.toMatchObject({ message: QUOTE_TEXT.aboveQuote(18_500) });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "in_progress",
      finalPriceCents: null,
    });

    // A new quote after approval needs a reason, and replaces the approved one.
    await expect(quote(token, 24_000)).rejects.toMatchObject({
      field: "reason",
      message: QUOTE_TEXT.reasonRequote,
    });
    await quote(token, 24_000, "The cylinder was seized: a new one");
    const [job] = await w.jobsOf(lead.id);
    expect((await quotesOf(job!.id)).map((row) => [row.amountCents, row.state]).sort()).toEqual([
      [18_500, "superseded"],
      [24_000, "pending"],
    ]);
    // Not approved yet: even the old amount cannot be charged now.
    await expect(w.complete(token, 18_500)).rejects.toMatchObject({
      message: QUOTE_TEXT.noApprovedQuote,
    });
    await approve(token);
    await w.complete(token, 24_000, { paymentMethod: "cash", collectedBy: "locksmith" });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      status: "completed",
      finalPriceCents: 24_000,
      theirCutCents: 14_400,
      yourCutCents: 9_600,
      paymentMethod: "cash",
      collectedBy: "locksmith",
    });
    // Cash in the locksmith's pocket: he owes the business its cut.
    const [ledger] = await db()
      .select()
      .from(locksmithEarnings)
      .where(eq(locksmithEarnings.locksmithId, smith.id));
    expect(Number(ledger!.earnedCents)).toBe(-9_600);
    expect((await activity(lead.id)).filter((action) => action.startsWith("quote_"))).toEqual([
      "quote_approved",
      "quote_given",
      "quote_approved",
      "quote_given",
    ]);
  });

  it("records an approval once: a replaced, answered or unknown quote records nothing", async () => {
    const { token, lead } = await accepted();
    await quote(token, 15_000);
    const first = (await w.page(token))!.quote!;
    await quote(token, 16_000);
    await expect(approve(token, first.id)).rejects.toMatchObject({ message: QUOTE_RULE.changed });
    await approve(token);
    await expect(approve(token)).rejects.toMatchObject({ message: QUOTE_RULE.decided });
    await expect(approve(token, "0b0f9f4e-8f5e-4a2e-9c7d-2b6f3d1c9a10")).rejects.toMatchObject({
      message: QUOTE_RULE.changed,
    });
    const approvals = (await activity(lead.id)).filter((action) => action === "quote_approved");
    expect(approvals).toHaveLength(1);
    expect(await w.page(token)).toMatchObject({
      quote: {
        amountCents: 16_000,
        state: "approved",
        approvedWay: "customer_code",
        approvedName: null,
      },
    });
  });

  it("takes no quote before the job is accepted, nor after it ended", async () => {
    const smith = await w.locksmith("Marcus Reed");
    const lead = await w.lead({ serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    expect(await w.page(token)).toMatchObject({ canQuote: false });
    await expect(quote(token, 15_000)).rejects.toMatchObject({
      status: 409,
      message: RULE.jobLinkStageChanged,
    });
    await w.act(token, { intent: "accept" });
    await w.quoteAndComplete(token, 15_000);
    expect(await w.page(token)).toMatchObject({ canQuote: false, quote: { state: "approved" } });
    await expect(quote(token, 9_000)).rejects.toMatchObject({ message: RULE.jobLinkStageChanged });
  });

  it("approves in person only with the code texted to the customer: wrong, late or spent codes approve nothing", async () => {
    const { token, lead } = await accepted();
    await quote(token, 18_500);
    const pending = (await w.page(token))!.quote!;
    // No code asked for yet: nothing the locksmith types approves.
    const typed = (code: string, now?: Date) =>
      w.act(token, { intent: "approve_with_code", quoteId: pending.id, code }, now);
    await expect(typed("123456")).rejects.toMatchObject({
      field: "code",
      message: QUOTE_RULE.codeExpired,
    });
    const sent = new Date();
    const code = await w.textedCode(token, pending.id, sent);
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(typed(wrong, sent)).rejects.toMatchObject({ message: QUOTE_RULE.codeWrong });
    // Past ten minutes the right code is refused too.
    const late = new Date(sent.getTime() + (APPROVAL_CODE_MINUTES * 60 + 1) * 1000);
    await expect(typed(code, late)).rejects.toMatchObject({ message: QUOTE_RULE.codeExpired });
    // A new code; five wrong tries spend it, and then even the right one is refused.
    const second = await w.textedCode(token, pending.id, sent);
    for (let n = 1; n < APPROVAL_CODE_TRIES; n += 1) {
      await expect(typed(second === "000000" ? "000001" : "000000", sent)).rejects.toMatchObject({
        message: QUOTE_RULE.codeWrong,
      });
    }
    await expect(typed(second === "000000" ? "000001" : "000000", sent)).rejects.toMatchObject({
      message: QUOTE_RULE.codeSpent,
    });
    await expect(typed(second, sent)).rejects.toMatchObject({ message: QUOTE_RULE.codeSpent });
    expect(await w.page(token)).toMatchObject({ quote: { state: "pending" } });
    // The third code, typed right in time, approves; the customer is told by text.
    const third = await w.textedCode(token, pending.id, sent);
    await typed(third, sent);
    expect(await w.page(token)).toMatchObject({
      quote: { state: "approved", approvedWay: "customer_code" },
    });
    const texts = await db()
      .select({ purpose: messages.purpose, body: messages.body })
      .from(messages)
      .where(eq(messages.leadId, lead.id));
    expect(texts.filter((text) => text.purpose === "customer_approval_code")).toHaveLength(3);
    expect(texts.find((text) => text.purpose === "customer_quote_approved")?.body).toMatch(
      /^Lockline: you approved \$185\.00 for car lock service\. If this was not you, call /,
    );
    // The timeline never holds the code itself.
    const entries = await listLeadActivity(db(), lead.id);
    expect(JSON.stringify(entries)).not.toContain(third);
    expect(entries.map((entry) => entry.action)).toContain("approval_code_sent");
  });

  it("texts no code where no text can go: texting not set up, or the customer replied STOP", async () => {
    const { token, lead } = await accepted();
    await quote(token, 18_500);
    const pending = (await w.page(token))!.quote!;
    const unconfigured = dispatchWorld(db, unconfiguredTexts);
    await expect(
      unconfigured.act(token, { intent: "send_approval_code", quoteId: pending.id }),
    ).rejects.toMatchObject({ message: QUOTE_RULE.noTexting });
    await db()
      .update(customers)
      .set({ textsOptedOutAt: new Date() })
      .where(eq(customers.id, lead.customerId!));
    await expect(
      w.act(token, { intent: "send_approval_code", quoteId: pending.id }),
    ).rejects.toMatchObject({ message: QUOTE_RULE.codeNotTexted });
    const [row] = await quotesOf((await w.jobsOf(lead.id))[0]!.id);
    expect(row).toMatchObject({ state: "pending", approvalCodeHash: null });
  });

  it("lets a quote carry only the kinds the price list allows: no trip charge, after hours only when on", async () => {
    const { token, lead } = await accepted();
    const [job] = await w.jobsOf(lead.id);
    // A time after hours in Chicago (8 pm to 7 am), within the next 14 hours.
    let night = new Date();
    while (!isAfterHours(night)) night = new Date(night.getTime() + 15 * 60_000);
    const work = { label: "Car key, cut and programmed", cents: 18_000, kind: "service" as const };
    const afterHours = { label: "After-hours rate", cents: 4_000, kind: "after_hours" as const };

    // The job page's form: a trip charge is refused by its label or as a kind, beside the line.
    const trip = jobPageActionSchema.safeParse({
      intent: "quote",
      lines: [{ kind: "trip", label: "Trip", amount: "50" }],
    });
    expect(trip.success ? undefined : trip.error.issues[0]).toMatchObject({
      path: ["lines", 0, "kind"],
      message: LINE_KIND_TEXT.trip,
    });

    // Off (the default): the after-hours line is refused beside it, and nothing is saved.
    await expect(
      w.act(token, { intent: "quote", lines: [work, afterHours], reason: null }, night),
    ).rejects.toMatchObject({ field: "lines[1].kind", message: LINE_KIND_TEXT.afterHoursOff });
    expect(await quotesOf(job!.id)).toHaveLength(0);

    // On, at $40: exactly that amount goes, kept with its kind; the usual range is about the work.
    await saveAfterHours(db(), { enabled: true, cents: 4_000 }, TEST_ACTOR);
    try {
      await expect(
        w.act(
          token,
          { intent: "quote", lines: [work, { ...afterHours, cents: 5_000 }], reason: null },
          night,
        ),
      ).rejects.toMatchObject({ message: LINE_KIND_TEXT.afterHoursAmount(4_000) });
      await w.act(token, { intent: "quote", lines: [work, afterHours], reason: null }, night);
      const [saved] = await quotesOf(job!.id);
      expect(saved).toMatchObject({ amountCents: 22_000, lines: [work, afterHours], reason: null });
    } finally {
      await saveAfterHours(db(), AFTER_HOURS_OFF, TEST_ACTOR);
    }
  });
});
