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

export const priceListSchema = z
  .object({
    intent: z.literal("save"),
    ...Object.fromEntries(SERVICE_TYPES.map((type) => [type, range])),
  })
  .transform((value): PriceList => {
    const ranges = value as unknown as Record<string, { low: number; high: number }>;
    return Object.fromEntries(
      SERVICE_TYPES.map((type) => [
        type,
        { lowCents: ranges[type]!.low, highCents: ranges[type]!.high },
      ]),
    ) as PriceList;
  });
