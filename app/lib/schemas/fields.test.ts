import { afterEach, describe, expect, it, vi } from "vitest";
import { firstErrors } from "../../../tests/helpers/zod-errors";
import { FIELD, PAYOUT_FIELD } from "../ui-text";
import { EARLIEST_BUSINESS_DAY, parseWholeNumber, wholeNumber } from "./fields";
import { jobPricingSchema } from "./jobs";
import { JOB_PAGE_FIELD, jobPageActionSchema } from "./job-page";
import { payoutRecordSchema } from "./payouts";
import { reviewFormSchema, REVIEW_FORM_FIELD } from "./review-form";
import { reviewActionSchema } from "./reviews";

/* Sane values (decision 0037): whole numbers in decimal only, days that have happened. */

const NOT_DECIMAL = ["0x10", "0X10", "1e2", "1E1", " 0b1", "0o7", "+5", "1_000", "1.0", ".5", "∞"];

describe("whole numbers typed in a field", () => {
  it("reads decimal digits, with a minus where negatives are allowed", () => {
    expect(parseWholeNumber("16")).toBe(16);
    expect(parseWholeNumber(" 007 ")).toBe(7);
    expect(parseWholeNumber("-3")).toBe(-3);
  });

  it.each(NOT_DECIMAL)("refuses %j rather than reading it as a number", (typed) => {
    expect(parseWholeNumber(typed)).toBeNaN();
    const minutes = wholeNumber("Enter whole minutes from 1 to 120", 1, 120, 30);
    const result = minutes.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("Enter whole minutes from 1 to 120");
  });

  it("still takes an empty field as the fallback", () => {
    const minutes = wholeNumber("Enter whole minutes", 1, 120, 30);
    expect(minutes.parse("")).toBe(30);
    expect(minutes.parse(undefined)).toBe(30);
    expect(minutes.parse(" 45 ")).toBe(45);
  });

  it("refuses hex and exponents in every form that reads a whole number", () => {
    const pricing = jobPricingSchema.safeParse({
      intent: "pricing",
      jobId: "6f1c2c52-8f5e-4a61-9d5e-2c2f1f9f3a10",
      finalPrice: "150",
      theirCutPercent: "0x10",
    });
    expect(firstErrors(pricing)).toEqual({ theirCutPercent: FIELD.cutPercent });

    const eta = jobPageActionSchema.safeParse({ intent: "on_my_way", minutes: "0x10" });
    expect(firstErrors(eta)).toEqual({ minutes: JOB_PAGE_FIELD.minutes });
    expect(jobPageActionSchema.parse({ intent: "on_my_way", minutes: "16" })).toMatchObject({
      minutes: 16,
    });

    const stars = reviewFormSchema.safeParse({ rating: "5e0", body: "Good", name: "Ann" });
    expect(firstErrors(stars)).toEqual({ rating: REVIEW_FORM_FIELD.rating });

    const review = reviewActionSchema.safeParse({
      intent: "create",
      customerName: "Maria G.",
      areaSlug: "oak-lawn",
      rating: "0x5",
      category: "car_lockout",
      body: "Fast and friendly, opened my car in minutes.",
    });
    expect(firstErrors(review)).toEqual({ rating: "Choose a rating from 1 to 5" });
  });
});

describe("the day a payout was paid", () => {
  const payout = (paidOn: string | undefined) =>
    payoutRecordSchema.safeParse({
      intent: "record",
      locksmithId: "6f1c2c52-8f5e-4a61-9d5e-2c2f1f9f3a10",
      amount: "100",
      paidOn,
      method: "cash",
    });

  afterEach(() => vi.useRealTimers());

  it("takes today and the past back to 2000, in Chicago's calendar", () => {
    // 02:00 UTC on Nov 27 is still Nov 26 in Chicago.
    vi.useFakeTimers({ now: new Date("2026-11-27T02:00:00Z"), toFake: ["Date"] });
    expect(payout("2026-11-26").success).toBe(true);
    expect(payout("2019-06-30").success).toBe(true);
    expect(payout(EARLIEST_BUSINESS_DAY).success).toBe(true);
  });

  it("allows one day ahead for a clock or time zone a little ahead, no more", () => {
    vi.useFakeTimers({ now: new Date("2026-11-27T02:00:00Z"), toFake: ["Date"] });
    expect(payout("2026-11-27").success).toBe(true);
    expect(firstErrors(payout("2026-11-28"))).toEqual({ paidOn: PAYOUT_FIELD.paidOn.tooLate });
    // The review's example.
    expect(firstErrors(payout("2099-01-01"))).toEqual({ paidOn: PAYOUT_FIELD.paidOn.tooLate });
  });

  it("refuses a day before 2000 as a typing slip", () => {
    expect(firstErrors(payout("1999-12-31"))).toEqual({ paidOn: PAYOUT_FIELD.paidOn.tooEarly });
    expect(firstErrors(payout("0202-11-26"))).toEqual({ paidOn: PAYOUT_FIELD.paidOn.tooEarly });
  });

  it("asks for a day when there is none or it is not a real one", () => {
    for (const typed of [undefined, "", "2026-02-30", "11/26/2026", "+02026-11-26"]) {
      expect(firstErrors(payout(typed))).toEqual({ paidOn: PAYOUT_FIELD.paidOn.required });
    }
  });
});
