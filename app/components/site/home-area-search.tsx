import { buttonVariants } from "~/components/ui/button-variants";
import { AreaCombobox } from "./area-combobox";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";

export const HOME_SEARCH_PARAM = "area";

// Find, disabled: greyed out at full opacity (the accent colour faded reads as enabled).
const FIND_BUTTON = buttonVariants({ variant: "accent", size: "lg" }).replace(
  "disabled:opacity-50",
  "disabled:bg-slate-200 disabled:text-slate-600 disabled:opacity-100",
);

/**
 * The hero's "find your area" box. A GET form to the home page, whose loader sends the
 * visitor to the first matching city page (or says nothing matched); the island
 * app/islands/entries/home-search.ts adds the suggestions and answers in the browser.
 */
export function HomeAreaSearch({
  initialQuery = "",
  serverNoMatch = false,
}: {
  initialQuery?: string;
  serverNoMatch?: boolean;
}) {
  return (
    <div data-island="home-search">
      <form
        data-part="form"
        method="get"
        action="/"
        role="search"
        aria-label="Find your area"
        className="flex flex-col gap-2 sm:flex-row"
      >
        <AreaCombobox
          id="home-area"
          name={HOME_SEARCH_PARAM}
          label="City, neighborhood or ZIP code"
          placeholder="Enter your city or ZIP code"
          value={initialQuery}
          noMatch={<NoAreaFound />}
        />
        <button type="submit" data-part="find" className={FIND_BUTTON}>
          <Icon name="search" aria-hidden="true" />
          Find
        </button>
      </form>
      {serverNoMatch && (
        <div
          data-part="server-no-match"
          role="status"
          className="mt-2 rounded-lg bg-white p-3 text-sm text-foreground"
        >
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
