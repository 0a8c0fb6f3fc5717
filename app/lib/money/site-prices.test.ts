import { expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "./price-list";
import { sitePrices } from "./site-prices";

it("words each service's usual range as every page states it: one price per service", () => {
  const prices = sitePrices(DEFAULT_PRICE_LIST);
  expect(prices.emergency).toBe("$89–$150");
  expect(prices.safes).toBe("$150–$600");
  // Rekeying is priced per lock.
  expect(prices.rekeying).toBe("$25–$150 per lock");
});

it("shows cents only when a price has them, thousands with a comma, one price once", () => {
  const prices = sitePrices({
    ...DEFAULT_PRICE_LIST,
    emergency: { lowCents: 8_950, highCents: 150_000 },
    key_duplication: { lowCents: 500, highCents: 500 },
    rekeying: { lowCents: 2_500, highCents: 2_500 },
  });
  expect(prices.emergency).toBe("$89.50–$1,500");
  expect(prices.key_duplication).toBe("$5");
  expect(prices.rekeying).toBe("$25 per lock");
  expect(
    sitePrices({ ...DEFAULT_PRICE_LIST, safes: { lowCents: 5, highCents: 1_000 } }).safes,
  ).toBe("$0.05–$10");
});
