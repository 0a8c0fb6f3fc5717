import { describe, expect, it } from "vitest";
import {
  amountDueCents,
  checkPlan,
  evenInstalments,
  instalmentLine,
  instalmentReminderAt,
  instalmentState,
  nextInstalment,
  PLAN_TEXT,
} from "./payment-plan";

const TODAY = "2026-11-29";

describe("checkPlan", () => {
  it("takes 2 to 6 instalments of whole cents that add up exactly, dates ascending from today", () => {
    expect(
      checkPlan(
        [
          { dueOn: "2026-11-29", amountCents: 20_001 },
          { dueOn: "2026-12-29", amountCents: 19_999 },
        ],
        40_000,
        TODAY,
      ),
    ).toEqual({ ok: true });
    expect(checkPlan(evenInstalments(100_000, 6, TODAY), 100_000, TODAY)).toEqual({ ok: true });
  });

  it.each([
    ["one instalment", [{ dueOn: "2026-12-01", amountCents: 40_000 }], PLAN_TEXT.count, undefined],
    ["seven instalments", evenInstalments(70_000, 7, "2026-12-01"), PLAN_TEXT.count, undefined],
    [
      "a cent short",
      [
        { dueOn: "2026-12-01", amountCents: 20_000 },
        { dueOn: "2027-01-01", amountCents: 19_999 },
      ],
      PLAN_TEXT.sum(39_999, 40_000),
      undefined,
    ],
    [
      "a cent over",
      [
        { dueOn: "2026-12-01", amountCents: 20_000 },
        { dueOn: "2027-01-01", amountCents: 20_001 },
      ],
      "The instalments add up to $400.01, not the $400.00 due: they must match exactly",
      undefined,
    ],
    [
      "a zero instalment",
      [
        { dueOn: "2026-12-01", amountCents: 40_000 },
        { dueOn: "2027-01-01", amountCents: 0 },
      ],
      PLAN_TEXT.amount,
      1,
    ],
    [
      "a fraction of a cent",
      [
        { dueOn: "2026-12-01", amountCents: 20_000.5 },
        { dueOn: "2027-01-01", amountCents: 19_999.5 },
      ],
      PLAN_TEXT.amount,
      0,
    ],
    [
      "yesterday",
      [
        { dueOn: "2026-11-28", amountCents: 20_000 },
        { dueOn: "2027-01-01", amountCents: 20_000 },
      ],
      PLAN_TEXT.past,
      0,
    ],
    [
      "the same day twice",
      [
        { dueOn: "2026-12-01", amountCents: 20_000 },
        { dueOn: "2026-12-01", amountCents: 20_000 },
      ],
      PLAN_TEXT.order,
      1,
    ],
    [
      "dates going back",
      [
        { dueOn: "2027-01-01", amountCents: 20_000 },
        { dueOn: "2026-12-01", amountCents: 20_000 },
      ],
      PLAN_TEXT.order,
      1,
    ],
    [
      "a date that does not exist",
      [
        { dueOn: "2026-12-01", amountCents: 20_000 },
        { dueOn: "2027-02-30", amountCents: 20_000 },
      ],
      PLAN_TEXT.date,
      1,
    ],
  ])("refuses %s", (_, instalments, error, index) => {
    expect(checkPlan(instalments, 40_000, TODAY)).toEqual({
      ok: false,
      error,
      ...(index === undefined ? {} : { index }),
    });
  });

  it("refuses a plan when nothing is due", () => {
    expect(checkPlan(evenInstalments(100, 2, TODAY), 0, TODAY)).toEqual({
      ok: false,
      error: PLAN_TEXT.nothingDue,
    });
  });
});

describe("evenInstalments", () => {
  it("splits to the cent, the odd cents first, a month apart (the month's last day when short)", () => {
    expect(evenInstalments(10_000, 3, "2027-01-31")).toEqual([
      { dueOn: "2027-01-31", amountCents: 3_334 },
      { dueOn: "2027-02-28", amountCents: 3_333 },
      { dueOn: "2027-03-31", amountCents: 3_333 },
    ]);
  });
});

describe("an instalment's state", () => {
  const unpaid = {
    number: 2,
    dueOn: "2026-12-15",
    amountCents: 20_000,
    paidAt: null,
    paidBy: null,
  };
  it("is due through its day, overdue after, paid once paid", () => {
    expect(instalmentState(unpaid, "2026-12-15")).toBe("due");
    expect(instalmentState(unpaid, "2026-12-16")).toBe("overdue");
    expect(instalmentLine(unpaid, "2026-12-16")).toEqual(["2. Dec 15, 2026", "$200.00: overdue"]);
    const paid = { ...unpaid, paidAt: "2026-12-10T16:00:00Z", paidBy: "pay_link" as const };
    expect(instalmentLine(paid, "2027-01-01")).toEqual([
      "2. Dec 15, 2026",
      "$200.00: paid by card (pay link) on Dec 10, 2026",
    ]);
    expect(nextInstalment([paid, unpaid])).toBe(unpaid);
    expect(nextInstalment([paid])).toBeUndefined();
  });
});

describe("instalmentReminderAt", () => {
  it("is 9:00 in Chicago on the instalment's day, in winter and in summer", () => {
    expect(instalmentReminderAt("2026-12-29", TODAY)?.toISOString()).toBe(
      "2026-12-29T15:00:00.000Z",
    );
    expect(instalmentReminderAt("2027-07-01", TODAY)?.toISOString()).toBe(
      "2027-07-01T14:00:00.000Z",
    );
  });

  it("is 9:00 on the days the clocks change, not 8:00 or 10:00", () => {
    // Spring forward (2027-03-14) and fall back (2027-11-07).
    expect(instalmentReminderAt("2027-03-14", TODAY)?.toISOString()).toBe(
      "2027-03-14T14:00:00.000Z",
    );
    expect(instalmentReminderAt("2027-11-07", TODAY)?.toISOString()).toBe(
      "2027-11-07T15:00:00.000Z",
    );
  });

  it("sends nothing for an instalment due the day the plan is set, or a date that is not one", () => {
    expect(instalmentReminderAt(TODAY, TODAY)).toBeNull();
    expect(instalmentReminderAt("2026-11-01", TODAY)).toBeNull();
    expect(instalmentReminderAt("2026-02-30", TODAY)).toBeNull();
  });
});

describe("amountDueCents", () => {
  const job = {
    status: "completed",
    finalPriceCents: 40_000,
    cardKeptCents: 25_000,
    planCashCents: 0,
  };

  it("is the price less the card money kept and the plan's cash, never below zero", () => {
    expect(amountDueCents(job)).toBe(15_000);
    expect(amountDueCents({ ...job, planCashCents: 15_000 })).toBe(0);
    expect(amountDueCents({ ...job, planCashCents: 25_000 })).toBe(0);
  });

  it("asks nothing of a job not completed or without a price", () => {
    expect(amountDueCents({ ...job, status: "in_progress" })).toBe(0);
    expect(amountDueCents({ ...job, finalPriceCents: null })).toBe(0);
  });
});
