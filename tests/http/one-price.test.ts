import { describe, expect, test } from "./support/http-test";
import { publicPagePaths } from "../../app/content/public-pages";
import { mainServiceSlugs } from "../../app/content/services";
import { SERVICE_TYPE_FOR_PAGE } from "../../app/lib/leads/service-request";

/*
 * One price per service on every public page, from the price list (issue 45, decision 0066):
 * every public page is fetched and every price it states (text, meta description, JSON-LD
 * offers) is read. Each is one service's whole usual range, worded the same way everywhere
 * ("$89–$150", never "from $89" on one page and "$89–$150" on another), and a lockout (home,
 * car or business) is always the lockout's price, never the car-key range.
 */

/** "$89", "$89–$150", "$25–$150 per lock", "$89.50". */
const PRICE = /\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?(?:–\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?)?(?: per lock)?/g;

function decode(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What a visitor reads: the body's text, one line per element, plus the meta description. */
function visibleText(html: string): string {
  const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? "";
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<title>[\s\S]*?<\/title>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<\/?(?:span|strong|em|b|a)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, "\n");
  return decode(`${description}\n${body}`);
}

function jsonLdOffers(html: string): { name: string; minPrice: number; maxPrice: number }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(decode(match[1]!)) as { offers?: unknown })
    .flatMap((block) => (block.offers ? [block.offers].flat() : []))
    .map((offer) => {
      const { name, priceSpecification } = offer as {
        name: string;
        priceSpecification: { minPrice: number; maxPrice: number };
      };
      return { name, ...priceSpecification };
    });
}

/** Whole dollars as the site writes them ("$1,500"), cents only when there are some. */
const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", Number.isInteger(amount) ? {} : { minimumFractionDigits: 2 })}`;

const range = (min: number, max: number, unit = "") =>
  `${min === max ? dollars(min) : `${dollars(min)}–${dollars(max)}`}${unit}`;

describe("one price per service on every public page", () => {
  test("every page states each service's price as its one range, a lockout at the lockout's", async ({
    request,
  }) => {
    // Each main service page's JSON-LD offer: the price list as the site publishes it.
    const prices = new Map<string, string>();
    for (const slug of mainServiceSlugs) {
      const offers = jsonLdOffers(await (await request.get(`/services/${slug}`)).text());
      const type = SERVICE_TYPE_FOR_PAGE[slug];
      const own = offers.find((offer) => offer.name !== "Car lockouts");
      expect(own, `${slug} has an offer`).toBeDefined();
      prices.set(type, range(own!.minPrice, own!.maxPrice, type === "rekeying" ? " per lock" : ""));
      const lockout = offers.find((offer) => offer.name === "Car lockouts");
      if (lockout) prices.set("car lockout", range(lockout.minPrice, lockout.maxPrice));
    }
    const lockout = prices.get("emergency")!;
    // The automotive page prices a car lockout as the lockout it is, not as car keys.
    expect(prices.get("car lockout")).toBe(lockout);
    const stated = new Set(
      [...prices.entries()].filter(([key]) => key !== "car lockout").map(([, price]) => price),
    );

    const problems: string[] = [];
    for (const path of publicPagePaths()) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      // "Most jobs come in under $200" is a claim about all jobs, not a service's price.
      const text = visibleText(await response.text()).replace(/under \$\d+/g, "under");
      for (const [price] of text.matchAll(PRICE)) {
        if (!stated.has(price)) problems.push(`${path}: "${price}" is no service's whole range`);
      }
      for (const match of text.matchAll(
        new RegExp(`lockouts?\\b[^$.;\\n]{0,40}?(${PRICE.source})`, "gi"),
      )) {
        if (match[1] !== lockout) {
          problems.push(`${path}: "${match[0]}" prices a lockout other than ${lockout}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // About 90 pages, each rendered once: a minute on a busy two-core machine.
  }, 300_000);
});
