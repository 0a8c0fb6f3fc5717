import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "./price-list";
import { quoteHeldForOffice, usualPriceText } from "./quote";

// Car keys: usual $125.00–$350.00 by default.
const range = DEFAULT_PRICE_LIST.automotive;

describe("quoteHeldForOffice: a typo cannot reach the customer as a price", () => {
  it("lets a quote of exactly 3× the usual top go to the customer, and holds one cent more", () => {
    expect(quoteHeldForOffice(105_000, range)).toBeUndefined();
    expect(quoteHeldForOffice(105_001, range)).toBe(
      "$1,050.01 is more than 3 times the usual top price ($350.00): it waits for the office to confirm it before the customer sees it",
    );
  });

  it("holds the $18,500 lockout re-quote (a slip of 185)", () => {
    expect(quoteHeldForOffice(1_850_000, range)).toMatch(/^\$18,500\.00 is more than 3 times/);
  });

  it("lets a quote of exactly a third of the usual bottom go, and holds one cent less", () => {
    const bottom = { lowCents: 9_000, highCents: 15_000 };
    expect(quoteHeldForOffice(3_000, bottom)).toBeUndefined();
    expect(quoteHeldForOffice(2_999, bottom)).toBe(
      "$29.99 is less than a third of the usual lowest price ($90.00): it waits for the office to confirm it before the customer sees it",
    );
  });

  it("rounds a third that is not a whole cent in the customer's favour of seeing the quote", () => {
    // $125.00 / 3 = $41.666…: $41.67 goes, $41.66 waits.
    expect(quoteHeldForOffice(4_167, range)).toBeUndefined();
    expect(quoteHeldForOffice(4_166, range)).toBeDefined();
  });

  it("lets anything within the bounds go, the usual range and far outside it alike", () => {
    expect(quoteHeldForOffice(18_500, range)).toBeUndefined();
    expect(quoteHeldForOffice(90_000, range)).toBeUndefined();
  });

  it("holds a free quote where the service has a price, not where it is free", () => {
    expect(quoteHeldForOffice(0, range)).toBeDefined();
    expect(quoteHeldForOffice(0, { lowCents: 0, highCents: 0 })).toBeUndefined();
  });
});

it("names the usual range the customer's page shows beside a quote", () => {
  expect(usualPriceText("automotive", range)).toBe("Usual price for car keys: $125.00–$350.00");
});
