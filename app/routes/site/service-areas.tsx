import { AreaCombobox } from "~/components/site/area-combobox";
import { ClosingCta } from "~/components/site/closing-cta";
import { CallButton } from "~/components/site/cta-button";
import { CentredHero } from "~/components/site/centred-hero";
import { Icon, type IconName } from "~/components/site/icon";
import { LazyMap } from "~/components/site/lazy-map";
import { Reveal } from "~/components/site/reveal";
import { Section, SectionHeading } from "~/components/site/section";
import { useBusiness } from "~/components/site/use-business";
import { facts } from "~/content/business";
import { popularAreaNames } from "~/content/featured-areas";
import { REGIONS, serviceAreas } from "~/content/service-areas";
import { cityPath } from "~/lib/site/area-paths";
import { filterAreas } from "~/lib/site/area-search";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import type { PageHandle } from "~/lib/site/page-handle";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import type { Route } from "./+types/service-areas";
import { pageHead } from "./page-head.server";
import { Link } from "~/components/site/link";
import { CALL_NOW, TEXT_FOR_SERVICE } from "~/content/ctas";

export const SEARCH_PARAM = "q";

export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get(SEARCH_PARAM) ?? "";
  const meta = pageHead(context, (business) => ({
    title: `Locksmith Service Areas: Chicago & Suburbs | ${business.name}`,
    description: `24/7 locksmiths in ${serviceAreas.length} areas: Chicago neighborhoods, the South Suburbs and the Southwest Suburbs. Find your city or ZIP code.`,
    keywords: [
      "Chicago locksmith",
      "south suburbs locksmith",
      "southwest suburbs locksmith",
      "locksmith near me",
      "24 hour locksmith",
    ],
    path: "/service-areas",
    noindex: Boolean(query),
    jsonLd: [
      locksmithJsonLd(business, {
        areaNames: serviceAreas.map((area) => area.name),
        serviceRadius: 30000,
      }),
    ],
  }));
  return { meta, query, areas: serviceAreas, regions: REGIONS };
}

export const headers = publicPageHeaders;

export const handle: PageHandle = { islands: ["map", "area-filter"] };

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function ServiceAreasPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const { query, areas: allAreas, regions } = loaderData;
  // The server shows what the filter shows for `?q=` (no script); the island
  // app/islands/entries/area-filter.ts filters the same list in place as one types.
  const matched = new Set(filterAreas(allAreas, query).map((area) => area.slug));
  const regionCount = (region: string) => allAreas.filter((area) => area.region === region).length;

  return (
    <>
      <CentredHero title="Our Service Areas">
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
          Licensed locksmiths across Chicago and its South and Southwest Suburbs, 24 hours a day.
        </p>
      </CentredHero>

      <Section>
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              { icon: "map-pin", value: String(allAreas.length), label: "Areas served" },
              {
                icon: "building-complex",
                value: String(regions.length),
                label: `Regions: Chicago, ${regionCount("South Suburbs")} South and ${regionCount("Southwest Suburbs")} Southwest Suburbs`,
              },
              {
                icon: "clock",
                value: `${facts.averageArrivalMinutes} min`,
                label: "Average arrival",
              },
            ] satisfies { icon: IconName; value: string; label: string }[]
          ).map((stat, index) => (
            <Reveal key={stat.label} index={index}>
              <div className="flex h-full items-center gap-4 rounded-xl border border-border bg-white p-6 shadow-sm">
                <Icon
                  name={stat.icon}
                  className="size-9 shrink-0 text-brand-700"
                  aria-hidden="true"
                />
                <div>
                  <p className="text-2xl font-bold">{stat.value}</p>
                  <p className="text-sm text-muted-foreground">{stat.label}</p>
                </div>
              </div>
            </Reveal>
          ))}
        </div>
        <div className="mt-8">
          <LazyMap />
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="find-heading">
        <div data-island="area-filter">
          <SectionHeading
            id="find-heading"
            title="Find Your Area"
            intro="Type a city, neighborhood or ZIP code."
          />
          <form
            data-part="form"
            method="get"
            role="search"
            aria-label="Filter service areas"
            className="mx-auto max-w-xl"
          >
            <AreaCombobox
              id="area-filter"
              name={SEARCH_PARAM}
              label="Search service areas"
              placeholder="Search by city, neighborhood or ZIP"
              value={query}
              noMatch={
                <div>
                  <p className="font-semibold">
                    No service areas found for "<span data-part="empty-query">{query.trim()}</span>"
                  </p>
                  <p className="mt-1 text-muted-foreground">
                    We may still be able to help! Call us to check if we serve your area.
                  </p>
                  <a
                    href={business.phoneHref}
                    className="mt-3 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white"
                  >
                    <Icon name="phone" className="size-4" aria-hidden="true" />
                    Call {business.phone}
                  </a>
                </div>
              }
            >
              {/* A link, so clearing works with no script: the island clears in place. */}
              <Link
                to="/service-areas"
                data-part="clear"
                hidden={query === ""}
                aria-label="Clear search"
                className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-foreground"
              >
                <Icon name="x" className="size-5" aria-hidden="true" />
              </Link>
            </AreaCombobox>
            <noscript>
              <button
                type="submit"
                className="mt-2 w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
              >
                Search
              </button>
            </noscript>
          </form>

          <div className="mt-6 flex flex-wrap items-center justify-center gap-2">
            <span className="text-sm font-semibold text-muted-foreground">Popular Areas:</span>
            {popularAreaNames.map((name) => (
              <Link
                key={name}
                to={`/service-areas?${SEARCH_PARAM}=${encodeURIComponent(name)}`}
                data-chip={name}
                className="rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
              >
                {name}
              </Link>
            ))}
          </div>

          <div aria-live="polite" className="mt-10">
            <div
              data-part="no-results"
              hidden={matched.size > 0}
              className="rounded-xl border border-border bg-white p-8 text-center"
            >
              <p className="text-lg font-semibold">No service areas found for your search</p>
              <p className="mt-2 text-muted-foreground">
                We may still be able to help! Call us to check if we serve your area.
              </p>
              <CallButton className="mt-4" />
            </div>
            {/* A region without a match steps aside; the others share the row. */}
            <div
              data-part="columns"
              hidden={matched.size === 0}
              className="grid gap-6 lg:grid-cols-[repeat(auto-fit,minmax(18rem,1fr))]"
            >
              {regions.map((region) => {
                const areas = allAreas.filter((area) => area.region === region);
                const count = areas.filter((area) => matched.has(area.slug)).length;
                return (
                  <div
                    key={region}
                    data-region={region}
                    hidden={count === 0}
                    className="rounded-xl border border-border bg-white p-5 shadow-sm"
                  >
                    <h3 className="flex items-center justify-between text-lg font-semibold">
                      {region}
                      <span
                        data-part="count"
                        className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800"
                      >
                        ({count})
                      </span>
                    </h3>
                    <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                      {areas.map((area) => (
                        <li
                          key={area.slug}
                          data-area={area.name}
                          data-area-label={area.displayName}
                          data-area-zips={area.zipCodes.join(" ")}
                          hidden={!matched.has(area.slug)}
                        >
                          <Link
                            to={cityPath(area.slug)}
                            className="flex h-full items-center rounded-lg border border-border px-3 py-2 text-sm font-medium text-foreground hover:border-brand-600 hover:bg-brand-50"
                          >
                            {area.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </Section>

      <ClosingCta
        heading="Don't See Your City Listed?"
        text="We may still be able to help. Locksmiths often cover neighboring towns: call and we'll tell you right away."
        ctas={[CALL_NOW, TEXT_FOR_SERVICE]}
      />
    </>
  );
}
