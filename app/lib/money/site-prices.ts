import type { ServiceType } from "../business-enums";
import type { PriceList, PriceRange } from "./price-list";

/*
 * The website's prices, worded from the office's price list (Settings → Prices): the one
 * source of every price the site states (decisions 0036 and 0066). Each service has one
 * price, its usual range, said the same way on every page ("$89–$150"): no page says
 * "from $89" of a service another page prices "$89–$150". Pages get these words from their
 * loader, so a change to the list reaches the site when the page cache drops its pages.
 */

/** "$89–$150", or "$25–$150 per lock": the service's usual range, as every page says it. */
export type SitePrice = string;
export type SitePrices = Record<ServiceType, SitePrice>;

/** Services the site prices per unit rather than per job. */
const UNITS: Partial<Record<ServiceType, string>> = { rekeying: "per lock" };

/** "$89" for whole dollars, "$89.50" otherwise. */
export function siteDollars(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars)
    ? `$${dollars.toLocaleString("en-US")}`
    : `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function worded(type: ServiceType, range: PriceRange): SitePrice {
  const unit = UNITS[type] ? ` ${UNITS[type]}` : "";
  const low = siteDollars(range.lowCents);
  const high = siteDollars(range.highCents);
  return range.lowCents === range.highCents ? `${low}${unit}` : `${low}–${high}${unit}`;
}

export function sitePrices(list: PriceList): SitePrices {
  return Object.fromEntries(
    Object.entries(list).map(([type, range]) => [type, worded(type as ServiceType, range)]),
  ) as SitePrices;
}
