import { buttonVariants } from "~/components/ui/button-variants";
import { Icon } from "./icon";

// OpenStreetMap's embed: no API key, no cookies, no tracking scripts.
const BBOX = "-88.10,41.42,-87.52,41.92";
const EMBED_URL = `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik`;
const FULL_MAP_URL = "https://www.openstreetmap.org/#map=10/41.68/-87.78";

/**
 * The coverage map is a third-party page, so it loads only when asked for: the page stays
 * fast and makes no outside request until the visitor wants the map. "Show map" needs the
 * island app/islands/entries/map.ts, so it is rendered hidden and shown by it; the link to
 * OpenStreetMap works everywhere.
 *
 * The placeholder sits in the flow of a box with an aspect ratio and no overflow clipping,
 * so on a narrow phone the box grows to hold both buttons instead of cutting one off.
 */
export function LazyMap() {
  return (
    <div
      data-island="map"
      data-map-src={EMBED_URL}
      data-map-title="Map of our service area: Chicago, South Suburbs and Southwest Suburbs"
      className="relative grid aspect-[16/9] w-full place-items-center rounded-xl border border-border bg-gradient-to-br from-brand-50 to-slate-100 shadow-sm sm:aspect-[21/9] [&>iframe]:rounded-xl"
    >
      <div data-part="placeholder" className="p-6 text-center">
        <Icon name="map" className="mx-auto size-10 text-brand-700" aria-hidden="true" />
        <p className="mt-2 font-semibold">Chicago, South Suburbs and Southwest Suburbs</p>
        <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
          <button type="button" data-part="show" hidden className={buttonVariants()}>
            Show map
          </button>
          <a
            href={FULL_MAP_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline" })}
          >
            Open in OpenStreetMap
          </a>
        </div>
      </div>
    </div>
  );
}
