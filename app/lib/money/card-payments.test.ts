import { describe, expect, it } from "vitest";
import {
  balanceLine,
  jobBalance,
  paymentAlert,
  paymentVerdict,
  refundButton,
} from "./card-payments";

const completed = { status: "completed" as const, finalPriceCents: 18_500, priceVersion: 2 };

describe("paymentVerdict", () => {
  it("is for the price when a session at the job's version settles the balance", () => {
    expect(paymentVerdict(completed, { priceVersion: 2, amountCents: 18_500 }, 0)).toBe(
      "for_price",
    );
    // The price raised from $150 with the customer's approval: the $35 left is for the price.
    expect(paymentVerdict(completed, { priceVersion: 2, amountCents: 3_500 }, 15_000)).toBe(
      "for_price",
    );
  });

  it("is an old amount for another version, or an amount that does not settle the balance", () => {
    expect(paymentVerdict(completed, { priceVersion: 1, amountCents: 18_500 }, 0)).toBe(
      "old_amount",
    );
    expect(paymentVerdict(completed, { priceVersion: 2, amountCents: 18_500 }, 15_000)).toBe(
      "old_amount",
    );
    expect(paymentVerdict(completed, { priceVersion: 2, amountCents: 3_000 }, 15_000)).toBe(
      "old_amount",
    );
  });

  it("is a duplicate once the job is paid in full, and for a cancelled job says so", () => {
    expect(paymentVerdict(completed, { priceVersion: 2, amountCents: 18_500 }, 18_500)).toBe(
      "duplicate",
    );
    expect(
      paymentVerdict({ ...completed, status: "cancelled" }, { priceVersion: 2, amountCents: 1 }, 0),
    ).toBe("cancelled_job");
  });

  it("asks the office about a payment on a job that asks nothing, rather than refund it unseen", () => {
    // A free callback under the guarantee: nothing paid, nothing due, and a payment arrives.
    const free = { ...completed, finalPriceCents: 0 };
    expect(paymentVerdict(free, { priceVersion: 2, amountCents: 5_000 }, 0)).toBe("old_amount");
  });
});

describe("jobBalance", () => {
  it("counts payments, refunds made and refunds on their way; a failed refund gives nothing back", () => {
    const balance = jobBalance(completed, [
      { kind: "payment", amountCents: 20_000 },
      { kind: "refund", amountCents: 1_000, refundState: "succeeded" },
      { kind: "refund", amountCents: 500, refundState: "pending" },
      { kind: "refund", amountCents: 9_999, refundState: "failed" },
    ]);
    expect(balance).toEqual({
      priceCents: 18_500,
      paidCents: 20_000,
      refundedCents: 1_500,
      refundPendingCents: 500,
      balanceCents: 0,
    });
    expect(balanceLine(balance)).toBe("Refund on its way: $5.00");
  });

  it("counts plan instalments paid in cash as paid: card on top of cash is over the price", () => {
    const balance = jobBalance({ ...completed, finalPriceCents: 40_000, planCashCents: 25_000 }, [
      { kind: "payment", amountCents: 25_000 },
    ]);
    expect(balance).toMatchObject({ paidCents: 50_000, balanceCents: -10_000 });
    expect(balanceLine(balance)).toBe("Paid $100.00 more than the price: a refund is due");
  });

  it("asks nothing of a job that is not completed", () => {
    const balance = jobBalance({ status: "cancelled", finalPriceCents: 18_500 }, [
      { kind: "payment", amountCents: 18_500 },
    ]);
    expect(balance.balanceCents).toBe(-18_500);
    expect(balanceLine(jobBalance({ status: "in_progress", finalPriceCents: 1 }, []))).toBe(
      "Nothing due",
    );
  });
});

describe("paymentAlert", () => {
  it("asks the office nothing for a payment for the price, and names the amount otherwise", () => {
    expect(paymentAlert("for_price", 18_500)).toBeNull();
    expect(paymentAlert("duplicate", 18_500)).toBe(
      "The customer paid $185.00 a second time: it is refunded automatically.",
    );
    expect(paymentAlert("old_amount", 18_500)).toBe(
      "The customer paid $185.00, an amount the job no longer has: check the balance and refund what is over.",
    );
    expect(paymentAlert("cancelled_job", 18_500)).toBe(
      "The customer paid $185.00 for a job that is not completed: refund it, or complete the job.",
    );
    expect(refundButton(2_500)).toBe("Refund $25.00");
  });
});

describe("balanceLine", () => {
  const line = (finalPriceCents: number, paid: number[]) =>
    balanceLine(
      jobBalance(
        { status: "completed", finalPriceCents },
        paid.map((amountCents) => ({ kind: "payment" as const, amountCents })),
      ),
    );

  it("says what is due, paid in full, or nothing due", () => {
    expect(line(18_500, [])).toBe("Balance due: $185.00");
    expect(line(18_500, [15_000])).toBe("Balance due: $35.00");
    expect(line(18_500, [18_500])).toBe("Paid in full");
    expect(line(0, [])).toBe("Nothing due");
  });
});
