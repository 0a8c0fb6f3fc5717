import { useCallback, useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import type { ServiceArea } from "~/content/service-areas";
import { cityPath } from "~/lib/area-paths";
import { HOME_SUGGESTION_LIMIT, searchAreas } from "~/lib/area-search";
import { AreaCombobox } from "./area-combobox";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";
import { useHydrated } from "~/components/use-hydrated";

export const HOME_SEARCH_PARAM = "area";

// Find, disabled: greyed out at full opacity (the accent colour faded reads as enabled).
const FIND_BUTTON = buttonVariants({ variant: "accent", size: "lg" }).replace(
  "disabled:opacity-50",
  "disabled:bg-slate-200 disabled:text-slate-600 disabled:opacity-100",
);

let loadedAreas: readonly ServiceArea[] | null = null;
let loadingAreas: Promise<readonly ServiceArea[]> | null = null;

/**
 * The area list for suggestions, loaded when the visitor starts to use the search box, not
 * with the page: most visitors call without searching, and the page is faster without it.
 */
function useServiceAreas() {
  const [areas, setAreas] = useState(loadedAreas);
  const load = useCallback(() => {
    if (loadedAreas) return;
    loadingAreas ??= import("~/content/service-areas").then((module) => {
      loadedAreas = module.serviceAreas;
      return loadedAreas;
    });
    loadingAreas.then(setAreas, () => {
      loadingAreas = null; // Offline for a moment: the next focus tries again.
    });
  }, []);
  return [areas, load] as const;
}

/**
 * The hero's "find your area" box: up to 5 suggestions; Find goes to the first match and
 * is disabled when nothing matches; choosing a suggestion navigates and clears the box.
 * Without JavaScript, or before the area list has arrived, the form is answered by the
 * home loader.
 */
export function HomeAreaSearch({
  initialQuery = "",
  serverNoMatch = false,
}: {
  initialQuery?: string;
  serverNoMatch?: boolean;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [areas, loadAreas] = useServiceAreas();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const matches = areas ? searchAreas(areas, query, HOME_SUGGESTION_LIMIT) : [];
  const first = matches[0];
  const blank = query.trim() === "";

  // A search that came back without a match: have the list ready for the next try.
  useEffect(() => {
    if (initialQuery.trim() !== "") loadAreas();
  }, [initialQuery, loadAreas]);

  return (
    <div>
      <Form
        method="get"
        action="/"
        role="search"
        aria-label="Find your area"
        className="flex flex-col gap-2 sm:flex-row"
        onFocus={loadAreas}
        onPointerDown={loadAreas}
        onSubmit={(event) => {
          if (!areas) return; // Not loaded yet: the server finds the area.
          event.preventDefault();
          if (first) navigate(cityPath(first.slug));
        }}
      >
        <AreaCombobox
          name={HOME_SEARCH_PARAM}
          label="City, neighborhood or ZIP code"
          placeholder="Enter your city or ZIP code"
          value={query}
          onValueChange={setQuery}
          matches={matches}
          onChoose={(area) => {
            setQuery("");
            navigate(cityPath(area.slug));
          }}
          noMatch={<NoAreaFound />}
          pending={areas === null}
        />
        <button
          type="submit"
          className={FIND_BUTTON}
          disabled={hydrated && (blank || (areas !== null && !first))}
        >
          <Icon name="search" aria-hidden="true" />
          Find
        </button>
      </Form>
      {serverNoMatch && query === initialQuery && (
        <div role="status" className="mt-2 rounded-lg bg-white p-3 text-sm text-foreground">
          <NoAreaFound />
        </div>
      )}
    </div>
  );
}

function NoAreaFound() {
  const business = useBusiness();
  return (
    <p>
      No areas found. Need help?{" "}
      <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
        Call {business.phone}
      </a>
    </p>
  );
}
