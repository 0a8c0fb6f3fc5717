import { describe, expect, it } from "vitest";
import {
  addMonths,
  DIFFERENCE_KINDS,
  DIFFERENCE_LABELS,
  formatMonth,
  parseMonth,
  readWindow,
  reconcile,
  requestedMonth,
  type OurPayment,
  type OurRefund,
  type StripePayment,
  type StripeRefundItem,
} from "./reconciliation";

const period = {
  start: new Date("2026-11-01T05:00:00Z"),
  end: new Date("2026-12-01T06:00:00Z"),
};
const mid = new Date("2026-11-15T18:00:00Z");
const job = { jobId: "job-1" };

const charge = (over: Partial<StripePayment> = {}): StripePayment => ({
  id: "ch_1",
  paymentIntent: "pi_1",
  amountCents: 18_500,
  createdAt: mid,
  ...over,
});
const payment = (over: Partial<OurPayment> = {}): OurPayment => ({
  ...job,
  id: "cm_1",
  paymentIntent: "pi_1",
  amountCents: 18_500,
  createdAt: new Date(mid.getTime() + 2_000),
  ...over,
});
const stripeRefund = (over: Partial<StripeRefundItem> = {}): StripeRefundItem => ({
  id: "re_1",
  paymentIntent: "pi_1",
  amountCents: 2_500,
  state: "succeeded",
  createdAt: mid,
  ...over,
});
const ourRefund = (over: Partial<OurRefund> = {}): OurRefund => ({
  ...job,
  id: "cm_r1",
  paymentIntent: "pi_1",
  refundId: "re_1",
  amountCents: 2_500,
  state: "succeeded",
  createdAt: mid,
  ...over,
});

const kinds = (result: ReturnType<typeof reconcile>) => result.differences.map((d) => d.kind);

describe("reconcile", () => {
  it("finds nothing to say when both sides hold the same payment and refund", () => {
    const result = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [stripeRefund()] },
      ours: {
        payments: [payment()],
        refunds: [ourRefund()],
        overPrice: [],
      },
    });
    expect(result.differences).toEqual([]);
    expect(result.matched).toBe(2);
    expect(result.stripe).toEqual({
      payments: 1,
      paidCents: 18_500,
      refunds: 1,
      refundedCents: 2_500,
      netCents: 16_000,
    });
    expect(result.ours).toEqual(result.stripe);
  });

  it("names a payment Stripe has that we do not, and one we have that Stripe does not", () => {
    const result = reconcile({
      period,
      stripe: { payments: [charge({ id: "ch_stray", paymentIntent: "pi_stray" })], refunds: [] },
      ours: { payments: [payment()], refunds: [], overPrice: [] },
    });
    expect(kinds(result)).toEqual(["stripe_only_payment", "ours_only_payment"]);
    expect(result.differences[0]).toMatchObject({
      stripeId: "ch_stray",
      stripeCents: 18_500,
      oursCents: null,
      text: "Stripe has a payment of $185.00 we have no record of.",
    });
    expect(result.differences[1]).toMatchObject({
      jobId: "job-1",
      text: "The job recorded a payment of $185.00 Stripe does not have.",
    });
    expect(result.matched).toBe(0);
  });

  it("names amounts that differ on one payment", () => {
    const result = reconcile({
      period,
      stripe: { payments: [charge({ amountCents: 17_500 })], refunds: [] },
      ours: { payments: [payment()], refunds: [], overPrice: [] },
    });
    expect(result.differences).toMatchObject([
      {
        kind: "payment_amount",
        stripeCents: 17_500,
        oursCents: 18_500,
        text: "The amounts differ: Stripe has $175.00, the job $185.00.",
      },
    ]);
  });

  it("tells a month's edge from a missing payment", () => {
    const lastNight = new Date(period.start.getTime() - 60_000);
    const result = reconcile({
      period,
      stripe: { payments: [charge({ createdAt: lastNight })], refunds: [] },
      ours: {
        payments: [payment({ createdAt: new Date(period.start.getTime() + 60_000) })],
        refunds: [],
        overPrice: [],
      },
    });
    expect(kinds(result)).toEqual(["other_month"]);
    expect(result.differences[0]!.text).toBe(
      "A payment of $185.00 Stripe dates Oct 31 and the job Nov 1: it counts in a different month on each side.",
    );
    expect(result.stripe.paidCents).toBe(0);
    expect(result.ours.paidCents).toBe(18_500);
  });

  it("leaves out what both sides date outside the period", () => {
    const before = new Date(period.start.getTime() - 86_400_000);
    const result = reconcile({
      period,
      stripe: { payments: [charge({ createdAt: before })], refunds: [] },
      ours: { payments: [payment({ createdAt: before })], refunds: [], overPrice: [] },
    });
    expect(result.differences).toEqual([]);
    expect(result.stripe.payments).toBe(0);
  });

  it("names refunds missing on either side, of another amount, or in another state", () => {
    const result = reconcile({
      period,
      stripe: {
        payments: [charge()],
        refunds: [
          stripeRefund({ id: "re_stray", amountCents: 1_000 }),
          stripeRefund({ id: "re_2", amountCents: 3_000 }),
          stripeRefund({ id: "re_3", state: "failed" }),
        ],
      },
      ours: {
        payments: [payment()],
        refunds: [
          ourRefund({ id: "r_gone", refundId: "re_gone" }),
          ourRefund({ id: "r_2", refundId: "re_2", amountCents: 2_000 }),
          ourRefund({ id: "r_3", refundId: "re_3", state: "pending" }),
        ],
        overPrice: [],
      },
    });
    expect(kinds(result).sort()).toEqual(
      ["ours_only_refund", "refund_amount", "refund_state", "stripe_only_refund"].sort(),
    );
    const text = result.differences.map((d) => d.text);
    expect(text).toContain("Stripe has a refund of $10.00 we have no record of.");
    expect(text).toContain("The job recorded a refund of $25.00 Stripe does not have.");
    expect(text).toContain("The refund amounts differ: Stripe has $30.00, the job $20.00.");
    expect(text).toContain("A refund of $25.00 is failed at Stripe but on its way on the job.");
  });

  it("matches a refund Stripe never answered on its intent and amount, or says it was never made", () => {
    const made = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [stripeRefund({ state: "succeeded" })] },
      ours: {
        payments: [payment()],
        refunds: [ourRefund({ refundId: null, state: "pending" })],
        overPrice: [],
      },
    });
    expect(kinds(made)).toEqual(["refund_state"]);
    const never = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [] },
      ours: {
        payments: [payment()],
        refunds: [ourRefund({ refundId: null, state: "pending" })],
        overPrice: [],
      },
    });
    expect(never.differences).toMatchObject([
      {
        kind: "ours_only_refund",
        text: "A refund of $25.00 was asked of Stripe and never made: it is still owed to the customer.",
      },
    ]);
  });

  it("names money kept on a cancelled job and over a completed job's price", () => {
    const result = reconcile({
      period,
      stripe: { payments: [], refunds: [] },
      ours: {
        payments: [],
        refunds: [],
        overPrice: [
          {
            jobId: "job-1",
            clientName: "Ana Diaz",
            status: "cancelled",
            overCents: 18_500,
            paidAt: mid,
          },
          {
            jobId: "job-2",
            clientName: "Bo Li",
            status: "completed",
            overCents: 4_000,
            paidAt: new Date(mid.getTime() + 1),
          },
        ],
      },
    });
    expect(result.differences).toMatchObject([
      {
        kind: "cancelled_job",
        jobId: "job-1",
        clientName: "Ana Diaz",
        oursCents: 18_500,
        text: "Paid on a job that is cancelled: $185.00 kept, not refunded.",
      },
      {
        kind: "over_price",
        jobId: "job-2",
        oursCents: 4_000,
        text: "The job keeps $40.00 more than its price: refund it or keep it on the Jobs page.",
      },
    ]);
  });
});

describe("reconcile, at the edges the mutation run found unguarded", () => {
  it("counts money at the month's first millisecond and not at the next month's", () => {
    const result = reconcile({
      period,
      stripe: {
        payments: [
          charge({ id: "ch_first", paymentIntent: "pi_first", createdAt: period.start }),
          charge({ id: "ch_next", paymentIntent: "pi_next", createdAt: period.end }),
        ],
        refunds: [],
      },
      ours: {
        payments: [
          payment({ id: "cm_first", paymentIntent: "pi_first", createdAt: period.start }),
          payment({ id: "cm_next", paymentIntent: "pi_next", createdAt: period.end }),
        ],
        refunds: [],
        overPrice: [],
      },
    });
    expect(result.differences).toEqual([]);
    expect(result.stripe).toMatchObject({ payments: 1, paidCents: 18_500 });
    expect(result.ours).toMatchObject({ payments: 1, paidCents: 18_500 });
  });

  it("leaves a failed refund out of both sides' totals", () => {
    const failed = { state: "failed" as const };
    const result = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [stripeRefund(failed)] },
      ours: { payments: [payment()], refunds: [ourRefund(failed)], overPrice: [] },
    });
    expect(result.differences).toEqual([]);
    for (const side of [result.stripe, result.ours]) {
      expect(side).toMatchObject({ refunds: 0, refundedCents: 0, netCents: 18_500 });
    }
  });

  it("never pairs a refund Stripe named with another refund of the same amount", () => {
    const result = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [stripeRefund({ id: "re_other" })] },
      ours: {
        payments: [payment()],
        refunds: [ourRefund({ refundId: "re_gone" })],
        overPrice: [],
      },
    });
    expect(kinds(result).sort()).toEqual(["ours_only_refund", "stripe_only_refund"]);
  });

  it("pairs each unanswered refund with one Stripe refund at most, of the same amount", () => {
    const unanswered = { refundId: null, state: "pending" as const };
    const result = reconcile({
      period,
      stripe: { payments: [charge()], refunds: [stripeRefund({ state: "pending" })] },
      ours: {
        payments: [payment()],
        refunds: [
          ourRefund({ id: "r_a", ...unanswered }),
          ourRefund({ id: "r_b", ...unanswered }),
          ourRefund({ id: "r_c", ...unanswered, amountCents: 9_900 }),
        ],
        overPrice: [],
      },
    });
    expect(result.matched).toBe(2);
    expect(result.differences.map((d) => [d.kind, d.oursCents])).toEqual([
      ["ours_only_refund", 2_500],
      ["ours_only_refund", 9_900],
    ]);
  });
});

describe("reconcile, what it leaves out and how it orders", () => {
  const empty = { payments: [], refunds: [], overPrice: [] };
  const before = new Date(period.start.getTime() - 1);

  it("leaves out one-sided money dated outside the period, and a failed refund alone", () => {
    const result = reconcile({
      period,
      stripe: {
        payments: [charge({ id: "ch_old", paymentIntent: "pi_old", createdAt: before })],
        refunds: [stripeRefund({ id: "re_failed", state: "failed" })],
      },
      ours: {
        ...empty,
        payments: [payment({ id: "cm_old", paymentIntent: "pi_other", createdAt: before })],
        refunds: [ourRefund({ id: "r_failed", refundId: "re_gone", state: "failed" })],
      },
    });
    expect(result.differences).toEqual([]);
    expect(result.matched).toBe(0);
  });

  it("counts only the period's refunds in each side's totals", () => {
    const result = reconcile({
      period,
      stripe: { payments: [], refunds: [stripeRefund({ createdAt: before })] },
      ours: { ...empty, refunds: [ourRefund({ createdAt: before })] },
    });
    expect(result.stripe).toMatchObject({ refunds: 0, refundedCents: 0 });
    expect(result.ours).toMatchObject({ refunds: 0, refundedCents: 0 });
  });

  it("says each refund state in words", () => {
    const textOf = (theirs: "succeeded" | "pending", mine: "succeeded" | "pending") =>
      reconcile({
        period,
        stripe: { payments: [], refunds: [stripeRefund({ state: theirs })] },
        ours: { ...empty, refunds: [ourRefund({ state: mine })] },
      }).differences[0]!.text;
    expect(textOf("succeeded", "pending")).toBe(
      "A refund of $25.00 is made at Stripe but on its way on the job.",
    );
    expect(textOf("pending", "succeeded")).toBe(
      "A refund of $25.00 is on its way at Stripe but made on the job.",
    );
  });

  it("says nothing of a job kept at its price, and 'not completed' of one still open", () => {
    const result = reconcile({
      period,
      stripe: { payments: [], refunds: [] },
      ours: {
        ...empty,
        overPrice: [
          { jobId: "j0", clientName: "A", status: "completed", overCents: 0, paidAt: mid },
          { jobId: "j1", clientName: "B", status: "in_progress", overCents: 1_000, paidAt: mid },
        ],
      },
    });
    expect(result.differences.map((d) => d.text)).toEqual([
      "Paid on a job that is not completed: $10.00 kept, not refunded.",
    ]);
  });

  it("lists the differences oldest first, whichever side they come from", () => {
    const later = new Date(mid.getTime() + 60_000);
    const result = reconcile({
      period,
      stripe: {
        payments: [charge({ id: "ch_late", paymentIntent: "pi_late", createdAt: later })],
        refunds: [],
      },
      ours: {
        ...empty,
        payments: [payment({ id: "cm_early", paymentIntent: "pi_early", createdAt: mid })],
      },
    });
    expect(result.differences.map((d) => d.kind)).toEqual([
      "ours_only_payment",
      "stripe_only_payment",
    ]);
  });

  it("gives every kind of difference its own words", () => {
    const labels = DIFFERENCE_KINDS.map((kind) => DIFFERENCE_LABELS[kind]);
    expect(new Set(labels).size).toBe(DIFFERENCE_KINDS.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z][A-Za-z ,]+ [A-Za-z]+$/);
  });
});

describe("months", () => {
  it("reads YYYY-MM and steps across years", () => {
    expect(parseMonth("2026-11")).toEqual({ year: 2026, month: 11 });
    expect(parseMonth("2026-13")).toBeUndefined();
    expect(parseMonth("1999-01")).toBeUndefined();
    expect(parseMonth("2026-1")).toBeUndefined();
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it("takes the years 2000 to 2100 and the months 1 to 12, nothing around them", () => {
    expect(parseMonth("2000-01")).toEqual({ year: 2000, month: 1 });
    expect(parseMonth("2100-12")).toEqual({ year: 2100, month: 12 });
    for (const text of ["2101-01", "2026-00", "x2026-11", "2026-11x", "", null, undefined]) {
      expect(parseMonth(text), String(text)).toBeUndefined();
    }
    expect(formatMonth({ year: 2026, month: 3 })).toBe("2026-03");
  });

  it("reads the month a URL asks for, else Chicago's current one", () => {
    const now = new Date("2026-12-01T03:00:00Z"); // Nov 30, 9 PM in Chicago
    expect(requestedMonth(new URLSearchParams("month=2025-02"), now)).toEqual({
      year: 2025,
      month: 2,
    });
    expect(requestedMonth(new URLSearchParams("month=soon"), now)).toEqual({
      year: 2026,
      month: 11,
    });
  });

  it("reads both sides two days beyond the period each way", () => {
    const window = readWindow(period);
    expect(period.start.getTime() - window.start.getTime()).toBe(2 * 24 * 3_600_000);
    expect(window.end.getTime() - period.end.getTime()).toBe(2 * 24 * 3_600_000);
  });
});
