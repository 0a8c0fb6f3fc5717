export interface SearchableArea {
  name: string;
  region: string;
  zipCodes: readonly string[];
}

/** The home box suggests 5 areas, the Service Areas dropdown 8 (docs/spec/public-site.md §5). */
export const HOME_SUGGESTION_LIMIT = 5;
export const AREAS_DROPDOWN_LIMIT = 8;

/**
 * The matching rule of docs/spec/public-site.md §5, case-insensitive on trimmed text: an area
 * matches if its name contains the text, any ZIP contains it, its region contains it, or any word
 * of its name (split on spaces and hyphens) starts with it.
 */
export function areaMatches(area: SearchableArea, query: string): boolean {
  const text = normalize(query);
  if (text === "") return false;
  const name = area.name.toLowerCase();
  return (
    name.includes(text) ||
    area.zipCodes.some((zip) => zip.includes(text)) ||
    area.region.toLowerCase().includes(text) ||
    name.split(/[\s-]+/).some((word) => word.startsWith(text))
  );
}

/** Every matching area in list order; blank text matches nothing. */
export function searchAreas<T extends SearchableArea>(
  areas: readonly T[],
  query: string,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  if (normalize(query) === "") return [];
  const matches: T[] = [];
  for (const area of areas) {
    if (matches.length >= limit) break;
    if (areaMatches(area, query)) matches.push(area);
  }
  return matches;
}

/** The live filter of the Service Areas page: blank text shows every area. */
export function filterAreas<T extends SearchableArea>(areas: readonly T[], query: string): T[] {
  return normalize(query) === "" ? [...areas] : searchAreas(areas, query);
}

function normalize(query: string): string {
  return query.trim().toLowerCase();
}
