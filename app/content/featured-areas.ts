/**
 * The 16 areas linked from every page's footer (docs/spec/public-site.md §2 Layout on every page),
 * with their names, so the footer needs no area list (site-index.test.ts checks them against
 * service-areas.ts).
 */
export const featuredAreas: readonly { slug: string; name: string }[] = [
  { slug: "chicago-60601-downtown-chicago", name: "Downtown Chicago" },
  { slug: "oak-lawn", name: "Oak Lawn" },
  { slug: "orland-park", name: "Orland Park" },
  { slug: "tinley-park", name: "Tinley Park" },
  { slug: "evergreen-park", name: "Evergreen Park" },
  { slug: "burbank", name: "Burbank" },
  { slug: "bridgeview", name: "Bridgeview" },
  { slug: "palos-heights", name: "Palos Heights" },
  { slug: "oak-forest", name: "Oak Forest" },
  { slug: "homewood", name: "Homewood" },
  { slug: "calumet-city", name: "Calumet City" },
  { slug: "chicago-heights", name: "Chicago Heights" },
  { slug: "blue-island", name: "Blue Island" },
  { slug: "lockport", name: "Lockport" },
  { slug: "mokena", name: "Mokena" },
  { slug: "frankfort", name: "Frankfort" },
];

/** The Popular Areas chips of the Service Areas page. */
export const popularAreaNames = [
  "Downtown Chicago",
  "Oak Lawn",
  "Orland Park",
  "Tinley Park",
] as const;
