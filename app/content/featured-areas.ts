/** The 16 areas linked from every page's footer (the spec's footer constant). */
export const featuredAreaSlugs = [
  "chicago-60601-downtown-chicago",
  "oak-lawn",
  "orland-park",
  "tinley-park",
  "evergreen-park",
  "burbank",
  "bridgeview",
  "palos-heights",
  "oak-forest",
  "homewood",
  "calumet-city",
  "chicago-heights",
  "blue-island",
  "lockport",
  "mokena",
  "frankfort",
] as const;

/** The Popular Areas chips of the Service Areas page. */
export const popularAreaNames = [
  "Downtown Chicago",
  "Oak Lawn",
  "Orland Park",
  "Tinley Park",
] as const;
