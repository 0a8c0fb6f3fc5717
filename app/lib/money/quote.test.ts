import { expect, it } from "vitest";
import {
  finalPriceProblem,
  QUOTE_MAX_CENTS,
  QUOTE_TEXT,
  quoteReasonNeeded,
  quoteTotal,
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
