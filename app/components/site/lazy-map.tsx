import { useState } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { Icon } from "./icon";

// OpenStreetMap's embed: no API key, no cookies, no tracking scripts.
const BBOX = "-88.10,41.42,-87.52,41.92";
const EMBED_URL = `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik`;
const FULL_MAP_URL = "https://www.openstreetmap.org/#map=10/41.68/-87.78";

/**
 * The coverage map is a third-party page, so it loads only when asked for: the page
 * stays fast and makes no outside request until the visitor wants the map.
 */
export function LazyMap() {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative aspect-[16/9] w-full overflow-hidden rounded-xl border border-border bg-gradient-to-br from-brand-50 to-slate-100 shadow-sm sm:aspect-[21/9]">
      {loaded ? (
        <iframe
          title="Map of our service area: Chicago, South and Southwest Suburbs"
          src={EMBED_URL}
          loading="lazy"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <div className="absolute inset-0 grid place-items-center p-6 text-center">
          <div>
            <Icon name="map" className="mx-auto size-10 text-brand-700" aria-hidden="true" />
            <p className="mt-2 font-semibold">Chicago, South Suburbs and Southwest Suburbs</p>
            <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
              <button type="button" className={buttonVariants()} onClick={() => setLoaded(true)}>
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
      )}
    </div>
  );
}
