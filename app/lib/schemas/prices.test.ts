import { expect, it } from "vitest";
import { SERVICE_TYPES } from "../business-enums";
import { MONEY } from "../ui-text-shell";
import { PRICE_RANGE_ORDER, priceListSchema } from "./prices";

const form = (overrides: Record<string, unknown> = {}) => ({
  intent: "save",
  ...Object.fromEntries(SERVICE_TYPES.map((type) => [type, { low: "75", high: "$125.50" }])),
  ...overrides,
});

it("reads each service's range in cents", () => {
  const list = priceListSchema.parse(form());
  expect(list.emergency).toEqual({ lowCents: 7_500, highCents: 12_550 });
  expect(Object.keys(list).sort()).toEqual([...SERVICE_TYPES].sort());
});

it("refuses a high end under the low end, and an amount it cannot read, next to the field", () => {
  const result = priceListSchema.safeParse(
    form({ safes: { low: "600", high: "150" }, rekeying: { low: "cheap", high: "40" } }),
  );
  expect(result.success).toBe(false);
  const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
  expect(issues).toEqual(
    expect.arrayContaining([
      ["safes.high", PRICE_RANGE_ORDER],
      ["rekeying.low", MONEY.invalid],
    ]),
  );
});
