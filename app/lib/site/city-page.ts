export const CITY_INTRO_VARIANTS = 4;
export const CITY_KEYWORDS_IN_TAG = 10;
export const NEARBY_AREAS_LIMIT = 8;

/**
 * The intro variant, chosen deterministically: the sum of the city name's character codes,
 * modulo 4 (docs/spec/public-site.md §2 City page).
 */
export function introVariant(cityName: string): number {
  let sum = 0;
  for (let i = 0; i < cityName.length; i++) sum += cityName.charCodeAt(i);
  return sum % CITY_INTRO_VARIANTS;
}

/** Chicago neighbourhood pages promise 10-15 minutes, suburbs 15-20. */
export function arrivalWindow(region: string): "10-15" | "15-20" {
  return region === "Chicago" ? "10-15" : "15-20";
}

/** The keywords meta tag uses a city's first 10 keywords. */
export function keywordsForTag(keywords: readonly string[]): string[] {
  return keywords.slice(0, CITY_KEYWORDS_IN_TAG);
}

/**
 * Up to 8 other areas of the same region, never the area itself, closest first. ZIP codes
 * are assigned roughly by geography around Chicago, so the gap between first ZIPs is a
 * cheap, deterministic stand-in for distance; ties keep list order.
 */
export function nearbyAreas<
  T extends { slug: string; region: string; zipCodes: readonly string[] },
>(
  areas: readonly T[],
  current: { slug: string; region: string; zipCodes: readonly string[] },
  limit = NEARBY_AREAS_LIMIT,
): T[] {
  const origin = zipNumber(current);
  return areas
    .filter((area) => area.region === current.region && area.slug !== current.slug)
    .map((area, index) => ({ area, index, distance: Math.abs(zipNumber(area) - origin) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, limit)
    .map(({ area }) => area);
}

function zipNumber(area: { zipCodes: readonly string[] }): number {
  return Number.parseInt(area.zipCodes[0] ?? "0", 10);
}
