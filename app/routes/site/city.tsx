import { clsx } from "clsx";
import { data, redirect } from "react-router";
import { CitySections } from "~/components/site/city-sections";
import { HeroActions } from "~/components/site/cta-button";
import { Icon } from "~/components/site/icon";
import { Link } from "~/components/site/link";
import { Container, Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import { cityFaqs, cityIntros, cityReviewsIntro } from "~/content/city-copy";
import { getCityDetail } from "~/content/cities";
import { serviceAreas } from "~/content/service-areas";
import { getService } from "~/content/services";
import { CITY_PAGE_SUFFIX, cityPath, slugFromCityParam } from "~/lib/site/area-paths";
import { arrivalWindow, introVariant, keywordsForTag, nearbyAreas } from "~/lib/site/city-page";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { faqJsonLd, locksmithJsonLd } from "~/lib/site/structured-data";
import { servicesContext } from "~/server/route-helpers/context.server";
import { cityReviews } from "~/server/reviews/public-reviews.server";
import { readSitePrices } from "~/server/money/price-list.server";
import { readAfterHours } from "~/server/money/after-hours.server";
import { afterHoursPriceNote } from "~/lib/money/line-kinds";
import type { Route } from "./+types/city";
import { ownBreadcrumb, pageHead, siteBusiness } from "./page-head.server";
import { REQUEST_ONLINE } from "~/content/ctas";

const CITY_SERVICE_SLUGS = [
  "emergency",
  "residential",
  "commercial",
  "automotive",
  "key-duplication",
  "smart-locks",
  "safes",
  "rekeying",
] as const;

const CITY_NOT_FOUND_MESSAGE =
  "We couldn't find that city. Check out our service areas to find locksmith services near you.";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const param = params.citySlug ?? "";
  const slug = slugFromCityParam(param);
  const notFound = () => {
    const business = siteBusiness(context);
    return [
      { title: `City Not Found | ${business.name}` },
      { name: "description", content: "We couldn't find that city." },
      { name: "robots", content: "noindex" },
    ];
  };
  if (slug === "") return data({ kind: "missing" as const, meta: notFound() }, { status: 404 });
  const area = serviceAreas.find((candidate) => candidate.slug === slug);
  const detail = getCityDetail(slug);
  if (!area || !detail) {
    return data({ kind: "unknown" as const, meta: notFound() }, { status: 404 });
  }
  // The suffix-less address is linked from old places: one canonical page.
  if (!param.endsWith(CITY_PAGE_SUFFIX)) throw redirect(cityPath(slug), 301);

  const { database } = context.get(servicesContext);
  const arrival = arrivalWindow(area.region);
  const [prices, afterHours] = await Promise.all([
    readSitePrices(database.db),
    readAfterHours(database.db),
  ]);
  const copy = {
    prices,
    name: area.name,
    arrival,
    zipCodes: area.zipCodes,
    landmarks: detail.landmarks,
    majorStreets: detail.majorStreets,
  };
  const { reviews, reach, rating } = await cityReviews(database.db, area);
  const faqs = cityFaqs(copy);
  const { pathname } = new URL(request.url);
  const meta = pageHead(context, (business) => ({
    // "Hyde Park, Chicago" for a neighbourhood, "Oak Lawn, IL" for a suburb.
    title: `24/7 Locksmith in ${area.displayName} | ${business.name}`,
    description: `Locked out in ${area.name}? Licensed, insured locksmiths arrive in ${arrival} minutes, 24/7. Lockouts ${prices.emergency}, upfront pricing, no trip charge.`,
    keywords: keywordsForTag(detail.keywords),
    path: pathname,
    jsonLd: [locksmithJsonLd(business, { areaNames: [area.name], rating }), faqJsonLd(faqs)],
  }));
  return {
    kind: "found" as const,
    meta,
    breadcrumb: ownBreadcrumb(pathname),
    area,
    detail: { landmarks: detail.landmarks, majorStreets: detail.majorStreets },
    arrival,
    lockoutPrice: prices.emergency,
    afterHours: afterHoursPriceNote(afterHours),
    intro: cityIntros[introVariant(area.name)]!(copy),
    faqs,
    reviews,
    reviewsIntro: cityReviewsIntro(area, reach),
    rating,
    nearby: nearbyAreas(serviceAreas, area).map(({ name, slug }) => ({ name, slug })),
    services: CITY_SERVICE_SLUGS.flatMap((serviceSlug) => {
      const service = getService(serviceSlug);
      return service
        ? [
            {
              slug: service.slug,
              title: service.title,
              description: service.description,
              icon: service.icon,
            },
          ]
        : [];
    }),
  };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Location") ? {} : publicPageHeaders();
}

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function CityPage({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === "missing") {
    return (
      <Section>
        <h1 className="text-center text-2xl font-bold">City not found</h1>
      </Section>
    );
  }
  if (page.kind === "unknown") return <CityNotFound />;

  const { area, detail, arrival } = page;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <Container className="py-14 sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">
            <Icon name="map-pin" className="size-4" aria-hidden="true" />
            {area.region === "Chicago" ? "Chicago neighborhood" : `${area.region}, Illinois`}
          </p>
          <h1 className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            24/7 Locksmith in {area.displayName}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">{page.intro}</p>
          <HeroActions more={[REQUEST_ONLINE]} />
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-300">
            <Icon name="clock" className="size-4 text-accent-300" aria-hidden="true" />
            Typical arrival in {area.name}: {arrival} minutes
          </p>
        </Container>
      </section>

      <CitySections
        area={area}
        arrival={arrival}
        detail={detail}
        services={page.services}
        reviews={page.reviews}
        reviewsIntro={page.reviewsIntro}
        faqs={page.faqs}
        nearby={page.nearby}
        lockoutPrice={page.lockoutPrice}
        afterHours={page.afterHours}
      />
    </>
  );
}

function CityNotFound() {
  return (
    <Section>
      <div className="mx-auto max-w-xl py-10 text-center">
        <Icon name="search" className="mx-auto size-12 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">City Not Found</h1>
        <p className="mt-4 text-muted-foreground">{CITY_NOT_FOUND_MESSAGE}</p>
        <Link to="/service-areas" className={clsx(buttonVariants({ size: "lg" }), "mt-8")}>
          View Service Areas
        </Link>
      </div>
    </Section>
  );
}
