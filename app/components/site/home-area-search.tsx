import { Search } from "lucide-react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { serviceAreas } from "~/content/service-areas";
import { cityPath } from "~/lib/area-paths";
import { HOME_SUGGESTION_LIMIT, searchAreas } from "~/lib/area-search";
import { AreaCombobox } from "./area-combobox";
import { useBusiness } from "./use-business";
import { useHydrated } from "./use-hydrated";

export const HOME_SEARCH_PARAM = "area";

/**
 * The hero's "find your area" box: up to 5 suggestions; Find goes to the first match and
 * is disabled when nothing matches; choosing a suggestion navigates and clears the box.
 * Without JavaScript the form is answered by the home loader.
 */
export function HomeAreaSearch({
  initialQuery = "",
  serverNoMatch = false,
}: {
  initialQuery?: string;
  serverNoMatch?: boolean;
}) {
  const [query, setQuery] = useState(initialQuery);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const matches = searchAreas(serviceAreas, query, HOME_SUGGESTION_LIMIT);
  const first = matches[0];

  return (
    <div>
      <Form
        method="get"
        action="/"
        role="search"
        aria-label="Find your area"
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
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
        />
        <Button
          type="submit"
          variant="accent"
          size="lg"
          className="h-12 disabled:bg-slate-200 disabled:text-slate-600 disabled:opacity-100"
          disabled={hydrated && !first}
        >
          <Search aria-hidden="true" />
          Find
        </Button>
      </Form>
      {serverNoMatch && query === initialQuery && (
        <div role="status" className="text-foreground mt-2 rounded-lg bg-white p-3 text-sm">
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
      <a href={business.phoneHref} className="text-brand-700 font-semibold underline">
        Call {business.phone}
      </a>
    </p>
  );
}
