import { describe, expect, it } from "vitest";
import { PAYOUT_METHODS } from "../money/payouts";
import {
  APART_METHODS,
  COUNTS_TOWARD_NEC,
  methodList,
  NEC_METHODS,
  necStanding,
} from "./payout-counting";

describe("which payouts count toward the 1099-NEC", () => {
  it("counts cash, check, bank transfer and Zelle; a payment app or card (Other) apart", () => {
    expect(NEC_METHODS).toEqual(["cash", "check", "zelle", "bank_transfer"]);
    expect(APART_METHODS).toEqual(["other"]);
    // Every method the payouts know has its answer.
    expect(Object.keys(COUNTS_TOWARD_NEC).sort()).toEqual([...PAYOUT_METHODS].sort());
  });

  it("adds the counted methods and keeps the others apart", () => {
    const standing = necStanding(
      { byMethod: { cash: 40_000, check: 15_000, bank_transfer: 5_000, other: 90_000 } },
      2025,
    );
    expect(standing).toEqual({
      countedCents: 60_000,
      apartCents: 90_000,
      thresholdCents: 60_000,
      due: true,
    });
  });

  it("is not due when only the payouts apart reach the threshold", () => {
    const standing = necStanding({ byMethod: { other: 500_000, zelle: 199_999 } }, 2026);
    expect(standing.due).toBe(false);
    expect(standing.countedCents).toBe(199_999);
  });

  it("names the methods in words", () => {
    expect(methodList(NEC_METHODS)).toBe("Cash, Check, Zelle and Bank transfer");
    expect(methodList(["other"])).toBe("Other");
  });
});
