import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "~/lib/business-enums";
import {
  APPROVAL_WAY_LABELS,
  APPROVAL_WAYS,
  discountLine,
  DISCOUNT_TEXT,
  finalPriceProblem,
  isDiscountLine,
  QUOTE_MAX_CENTS,
  QUOTE_TEXT,
  quoteReasonNeeded,
  quoteTotal,
  usualPriceText,
} from "./quote";

const lockout = { lowCents: 7_500, highCents: 12_500 };

it("totals a quote from its lines, or takes the total typed", () => {
  expect(quoteTotal([], 18_500)).toEqual({ ok: true, cents: 18_500 });
  expect(
    quoteTotal(
      [
        { label: "Lockout", cents: 9_500 },
        { label: "Key", cents: 4_050 },
      ],
      null,
    ),
  ).toEqual({ ok: true, cents: 13_550 });
  // A total typed beside the lines must be their sum.
  expect(quoteTotal([{ label: "Lockout", cents: 9_500 }], 9_500)).toEqual({
    ok: true,
    cents: 9_500,
  });
  expect(quoteTotal([{ label: "Lockout", cents: 9_500 }], 95_000)).toEqual({
    ok: false,
    error: QUOTE_TEXT.totalMismatch(9_500, 95_000),
  });
  expect(quoteTotal([], null)).toEqual({ ok: false, error: QUOTE_TEXT.noTotal });
  expect(quoteTotal([], QUOTE_MAX_CENTS)).toEqual({ ok: true, cents: QUOTE_MAX_CENTS });
  expect(quoteTotal([], QUOTE_MAX_CENTS + 1)).toEqual({ ok: false, error: QUOTE_TEXT.tooLarge });
  expect(
    quoteTotal(
      [
        { label: "A", cents: QUOTE_MAX_CENTS },
        { label: "B", cents: 1 },
      ],
      null,
    ),
  ).toEqual({ ok: false, error: QUOTE_TEXT.tooLarge });
  // Lines adding up to exactly the most a quote may be are taken.
  expect(
    quoteTotal(
      [
        { label: "A", cents: QUOTE_MAX_CENTS - 1 },
        { label: "B", cents: 1 },
      ],
      null,
    ),
  ).toEqual({ ok: true, cents: QUOTE_MAX_CENTS });
});

it("asks a reason outside the usual range, and for any new quote after an approved one", () => {
  expect(quoteReasonNeeded(7_500, lockout, false)).toBeUndefined();
  expect(quoteReasonNeeded(12_500, lockout, false)).toBeUndefined();
  expect(quoteReasonNeeded(7_499, lockout, false)).toBe(QUOTE_TEXT.reasonOutsideRange(lockout));
  expect(quoteReasonNeeded(12_501, lockout, false)).toBe(QUOTE_TEXT.reasonOutsideRange(lockout));
  expect(quoteReasonNeeded(10_000, lockout, true)).toBe(QUOTE_TEXT.reasonRequote);
  expect(QUOTE_TEXT.reasonOutsideRange(lockout)).toContain("$75.00–$125.00");
});

it("bounds the final price by the approved quote: the 1850-for-185 slip stops here", () => {
  expect(finalPriceProblem(18_500, 18_500)).toBeUndefined();
  expect(finalPriceProblem(15_000, 18_500)).toBeUndefined();
  expect(finalPriceProblem(0, 18_500)).toBeUndefined();
  expect(finalPriceProblem(185_000, 18_500)).toBe(QUOTE_TEXT.aboveQuote(18_500));
  expect(finalPriceProblem(18_501, 18_500)).toContain("above the approved quote ($185.00)");
  expect(finalPriceProblem(100, null)).toBe(QUOTE_TEXT.noApprovedQuote);
});

describe("discountLine", () => {
  const lines = [
    { label: "Lockout service", cents: 12_500 },
    { label: "New key", cents: 4_000 },
  ];
  const none = { kind: null, cents: null, reason: null };

  it("adds a senior or military discount as a negative line the total counts", () => {
    const senior = discountLine(lines, { kind: "senior", cents: 1_500, reason: null });
    expect(senior).toEqual({
      ok: true,
      line: { label: "Senior discount", cents: -1_500, kind: "discount" },
    });
    const military = discountLine(lines, { kind: "military", cents: 2_000, reason: "ignored" });
    expect(military).toEqual({
      ok: true,
      line: { label: "Military discount", cents: -2_000, kind: "discount" },
    });
    expect(quoteTotal([...lines, { label: "Senior discount", cents: -1_500 }], null)).toEqual({
      ok: true,
      cents: 15_000,
    });
    expect(isDiscountLine({ label: "Senior discount", cents: -1_500 })).toBe(true);
    expect(isDiscountLine(lines[0]!)).toBe(false);
    // A line at $0 (a key thrown in) is not a discount.
    expect(isDiscountLine({ label: "Spare key", cents: 0 })).toBe(false);
    expect(discountLine(lines, none)).toEqual({ ok: true, line: null });
  });

  it("names an other discount by what it is for, and asks for that", () => {
    expect(discountLine(lines, { kind: "other", cents: 1_000, reason: "Repeat customer" })).toEqual(
      { ok: true, line: { label: "Discount: Repeat customer", cents: -1_000, kind: "discount" } },
    );
    expect(discountLine(lines, { kind: "other", cents: 1_000, reason: null })).toEqual({
      ok: false,
      field: "discountReason",
      error: DISCOUNT_TEXT.reason,
    });
  });

  it("may take the lines to $0, never below, and needs lines to come off", () => {
    expect(discountLine(lines, { kind: "senior", cents: 16_500, reason: null })).toMatchObject({
      ok: true,
    });
    expect(discountLine(lines, { kind: "senior", cents: 16_501, reason: null })).toEqual({
      ok: false,
      field: "discountAmount",
      error: "A discount can be at most the lines it comes off ($165.00)",
    });
    expect(discountLine([], { kind: "military", cents: 500, reason: null })).toEqual({
      ok: false,
      field: "discount",
      error: DISCOUNT_TEXT.needsLines,
    });
  });

  it("wants both its kind and its amount", () => {
    expect(discountLine(lines, { kind: "senior", cents: null, reason: null })).toEqual({
      ok: false,
      field: "discountAmount",
      error: DISCOUNT_TEXT.amount,
    });
    expect(discountLine(lines, { kind: null, cents: 500, reason: null })).toEqual({
      ok: false,
      field: "discount",
      error: DISCOUNT_TEXT.kind,
    });
  });
});

it("says how each approval was given, and names each service beside its usual price", () => {
  for (const way of APPROVAL_WAYS) expect(APPROVAL_WAY_LABELS[way]).toMatch(/^approved /);
  for (const service of SERVICE_TYPES) {
    expect(usualPriceText(service, lockout)).toMatch(/^Usual price for \w.*: \$75\.00–\$125\.00$/);
  }
});
