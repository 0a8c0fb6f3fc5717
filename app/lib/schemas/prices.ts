import { z } from "zod";
import { SERVICE_TYPES } from "../business-enums";
import type { PriceList } from "../money/price-list";
import { dollars } from "./jobs";

/*
 * Settings → Prices: each service's usual range, low and high, in dollars as typed (cents
 * once parsed). Fields are named `<service>.low` and `<service>.high`.
 */

export const PRICE_RANGE_ORDER = "The high end must be at least the low end";

const range = z
  .object({ low: dollars, high: dollars })
  .refine((value) => value.high >= value.low, { message: PRICE_RANGE_ORDER, path: ["high"] });

const priceListFields = z.object({
  intent: z.literal("save"),
  ...Object.fromEntries(SERVICE_TYPES.map((type) => [type, range])),
});

function toPriceList(value: z.output<typeof priceListFields>): PriceList {
  const ranges = value as unknown as Record<string, { low: number; high: number }>;
  return Object.fromEntries(
    SERVICE_TYPES.map((type) => [
      type,
      { lowCents: ranges[type]!.low, highCents: ranges[type]!.high },
    ]),
  ) as PriceList;
}

export const priceListSchema = priceListFields.transform(toPriceList);

/** The most an after-hours rate may be: $500. */
export const AFTER_HOURS_MAX_CENTS = 50_000;
export const AFTER_HOURS_AMOUNT = "Enter the after-hours rate, from $1 to $500";

/** Settings → Prices, after hours: on with its amount, or off (issue 45). */
const afterHoursFields = z
  .object({
    intent: z.literal("after_hours"),
    enabled: z.literal("on").optional(),
    amount: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      dollars.optional(),
    ),
  })
  .superRefine((value, context) => {
    const { amount } = value;
    if (value.enabled && (amount === undefined || amount < 100 || amount > AFTER_HOURS_MAX_CENTS)) {
      context.addIssue({ code: "custom", path: ["amount"], message: AFTER_HOURS_AMOUNT });
    }
  });

/** Both forms of Settings → Prices: the usual ranges, and the after-hours rate. */
export const pricesPageSchema = z
  .discriminatedUnion("intent", [priceListFields, afterHoursFields])
  .transform((value) =>
    value.intent === "save"
      ? { intent: "save" as const, prices: toPriceList(value) }
      : {
          intent: "after_hours" as const,
          rate: value.enabled
            ? { enabled: true, cents: value.amount! }
            : { enabled: false, cents: value.amount ?? 0 },
        },
  );
