/** City pages live at /service-areas/{slug}-locksmith. */
export const CITY_PAGE_SUFFIX = "-locksmith";

export function cityPath(slug: string): string {
  return `/service-areas/${slug}${CITY_PAGE_SUFFIX}`;
}

/**
 * A trailing -locksmith is removed from the parameter before lookup (docs/spec/public-site.md §2
 * City page).
 */
export function slugFromCityParam(param: string | undefined): string {
  const value = param ?? "";
  return value.endsWith(CITY_PAGE_SUFFIX) ? value.slice(0, -CITY_PAGE_SUFFIX.length) : value;
}
