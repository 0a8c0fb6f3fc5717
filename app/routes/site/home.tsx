import { redirect } from "react-router";
import { HeroActions } from "~/components/site/cta-button";
import { TrustPoints } from "~/components/site/trust-points";
import { HOME_SEARCH_PARAM, HomeAreaSearch } from "~/components/site/home-area-search";
import { HomeSections } from "~/components/site/home-sections";
import { Icon } from "~/components/site/icon";
import { Container } from "~/components/site/section";
import { facts } from "~/content/business";
import {
  brandGroups,
  equipment,
  homeEmergencies,
  homeFaqs,
  homePrices,
  homeReasons,
  homeSteps,
} from "~/content/home";
import { serviceAreas } from "~/content/service-areas";
import { services, withPrices } from "~/content/services";
import { cityPath } from "~/lib/site/area-paths";
import { searchAreas } from "~/lib/site/area-search";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import type { PageHandle } from "~/lib/site/page-handle";
import { faqJsonLd, locksmithJsonLd } from "~/lib/site/structured-data";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readSitePrices } from "~/server/money/price-list.server";
import { readAfterHours } from "~/server/money/after-hours.server";
import { afterHoursNotice } from "~/lib/money/line-kinds";
import { homeReviews } from "~/server/reviews/public-reviews.server";
import type { Route } from "./+types/home";
import { pageHead } from "./page-head.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const searchQuery = new URL(request.url).searchParams.get(HOME_SEARCH_PARAM)?.trim() ?? "";
  // The hero search without JavaScript: Find submits ?area=, and the first match wins.
  if (searchQuery !== "") {
    const [first] = searchAreas(serviceAreas, searchQuery, 1);
    if (first) throw redirect(cityPath(first.slug));
  }
  const { database } = context.get(servicesContext);
  const [{ reviews, rating }, prices, afterHours] = await Promise.all([
    homeReviews(database.db),
    readSitePrices(database.db),
    readAfterHours(database.db),
  ]);
  const faqs = homeFaqs(prices);
  const meta = pageHead(context, (business) => ({
    title: `24/7 Locksmith in Chicago & Suburbs | ${business.name}`,
    description: `Locked out? Licensed, bonded and insured locksmiths across Chicago and the South and Southwest Suburbs, 24/7. Average arrival ${facts.averageArrivalMinutes} minutes, lockouts ${prices.emergency}, no trip charges.`,
    keywords: [
      "Chicago locksmith",
      "24 hour locksmith",
      "emergency locksmith",
      "car lockout",
      "house lockout",
      "rekey locks",
      "car key replacement",
      "locksmith near me",
      "south suburbs locksmith",
      "southwest suburbs locksmith",
    ],
    path: "/",
    // A search result page is a copy of the home page: keep it out of the index.
    noindex: new URL(request.url).searchParams.has(HOME_SEARCH_PARAM),
    jsonLd: [
      locksmithJsonLd(business, {
        areaNames: serviceAreas.map((area) => area.name),
        rating,
        serviceRadius: 50000,
      }),
      faqJsonLd(faqs),
    ],
  }));
  return {
    meta,
    searchQuery,
    noMatch: searchQuery !== "",
    reviews,
    rating,
    areaCount: serviceAreas.length,
    services: withPrices(services, prices),
    prices: homePrices(prices),
    afterHours: afterHoursNotice(afterHours),
    emergencies: homeEmergencies,
    reasons: homeReasons,
    steps: homeSteps,
    brandGroups,
    equipment,
    faqs,
  };
}

export const headers = publicPageHeaders;

export const handle: PageHandle = { islands: ["home-search"] };

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function HomePage({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <Hero searchQuery={page.searchQuery} noMatch={page.noMatch} areaCount={page.areaCount} />
      <HomeSections
        services={page.services}
        prices={page.prices}
        afterHours={page.afterHours}
        emergencies={page.emergencies}
        reasons={page.reasons}
        steps={page.steps}
        brandGroups={page.brandGroups}
        equipment={page.equipment}
        reviews={page.reviews}
        rating={page.rating}
        faqs={page.faqs}
      />
    </>
  );
}

function Hero({
  searchQuery,
  noMatch,
  areaCount,
}: {
  searchQuery: string;
  noMatch: boolean;
  areaCount: number;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <Container className="grid gap-10 py-12 sm:py-20 lg:grid-cols-[1fr_30rem] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">
            <Icon name="clock" className="size-4" aria-hidden="true" />
            Open 24/7, 365 days a year
          </p>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            24/7 Locksmith in Chicago &amp; the Suburbs
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">
            Locked out of your home, car or business? We connect you with a licensed local locksmith
            in minutes, with the price agreed before any work starts.
          </p>
          <HeroActions />
          <TrustPoints
            className="text-slate-200"
            points={[
              { icon: "shield-check", text: "Licensed, bonded & insured" },
              { icon: "clock", text: `Average arrival: ${facts.averageArrivalMinutes} minutes` },
              { icon: "badge-check", text: "No trip charges" },
            ]}
          />
        </div>
        <div className="rounded-2xl border border-white/15 bg-white/10 p-5 shadow-xl sm:p-6">
          <h2 className="text-lg font-semibold">Find a locksmith near you</h2>
          <p className="mt-1 mb-4 text-sm text-slate-300">
            Serving {areaCount} areas across Chicago, the South Suburbs and the Southwest Suburbs.
          </p>
          <HomeAreaSearch initialQuery={searchQuery} serverNoMatch={noMatch} />
        </div>
      </Container>
    </section>
  );
}
