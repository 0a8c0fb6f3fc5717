import { clsx } from "clsx";
import { data, redirect } from "react-router";
import { ClosingCta } from "~/components/site/closing-cta";
import { CtaButton } from "~/components/site/cta-button";
import { FaqAccordion } from "~/components/site/faq-accordion";
import { Icon, type IconName } from "~/components/site/icon";
import { ReviewCard } from "~/components/site/review-card";
import { Reveal } from "~/components/site/reveal";
import { Container, Section, SectionHeading } from "~/components/site/section";
import { ServiceLinkTile } from "~/components/site/service-card";
import { buttonVariants } from "~/components/ui/button-variants";
import { mostJobsUnder, startingPrices } from "~/content/business";
import { cityFaqs, cityIntros } from "~/content/city-copy";
import { getCityDetail } from "~/content/cities";
import { serviceAreas } from "~/content/service-areas";
import { getService } from "~/content/services";
import { CITY_PAGE_SUFFIX, cityPath, slugFromCityParam } from "~/lib/area-paths";
import { arrivalWindow, introVariant, keywordsForTag, nearbyAreas } from "~/lib/city-page";
import { publicPageHeaders } from "~/lib/http";
import { faqJsonLd, locksmithJsonLd } from "~/lib/structured-data";
import { servicesContext } from "~/server/context.server";
import { cityReviews } from "~/server/public-reviews.server";
import type { Route } from "./+types/city";
import { ownBreadcrumb, pageHead, siteBusiness } from "./page-head.server";
import { Link } from "~/components/site/link";

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
  const copy = {
    name: area.name,
    arrival,
    zipCodes: area.zipCodes,
    landmarks: detail.landmarks,
    majorStreets: detail.majorStreets,
  };
  const { reviews, rating } = await cityReviews(database.db, area);
  const faqs = cityFaqs(copy);
  const { pathname } = new URL(request.url);
  const meta = pageHead(context, (business) => ({
    title: `24/7 Locksmith in ${area.name}, IL | ${business.name}`,
    description: `Locked out in ${area.name}? Licensed, insured locksmiths arrive in ${arrival} minutes, 24/7. Lockouts from $${startingPrices[0].from}, upfront pricing, no trip charge.`,
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
    intro: cityIntros[introVariant(area.name)]!(copy),
    faqs,
    reviews,
    rating,
    nearby: nearbyAreas(serviceAreas, area).map(({ name, slug }) => ({ name, slug })),
    // Only what the tiles show, so the service list is not in the page's JavaScript.
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
            {area.region === "Chicago" ? `${area.name}, Chicago` : `${area.name}, Illinois`}
          </p>
          <h1 className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            24/7 Locksmith in {area.name}, IL
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">{page.intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CtaButton cta={{ label: `Call Now`, action: "call" }} size="lg" variant="accent" />
            <CtaButton
              cta={{ label: "Text for Service", action: "sms" }}
              size="lg"
              variant="outline-light"
            />
            <CtaButton
              cta={{ label: "Request Service Online", action: "request" }}
              size="lg"
              variant="outline-light"
            />
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-300">
            <Icon name="clock" className="size-4 text-accent-300" aria-hidden="true" />
            Typical arrival in {area.name}: {arrival} minutes
          </p>
        </Container>
      </section>

      <Section>
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              {
                icon: "clock",
                title: `${arrival} Minute Arrival`,
                text: `Locksmiths are stationed around ${area.name} for an average arrival of ${arrival} minutes.`,
              },
              {
                icon: "badge-check",
                title: "Licensed & Insured",
                text: "Every locksmith is licensed, bonded and insured, and shows ID on arrival.",
              },
              {
                icon: "dollar-sign",
                title: "Upfront Pricing",
                text: `Lockouts from $${startingPrices[0].from}; most jobs under $${mostJobsUnder}. The price is agreed before work starts.`,
              },
            ] satisfies { icon: IconName; title: string; text: string }[]
          ).map((card, index) => (
            <Reveal key={card.title} index={index}>
              <div className="h-full rounded-xl border border-border bg-white p-6 shadow-sm">
                <Icon name={card.icon} className="size-8 text-brand-700" aria-hidden="true" />
                <h2 className="mt-3 text-lg font-semibold">{card.title}</h2>
                <p className="mt-1 text-sm text-muted-foreground">{card.text}</p>
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="services-heading">
        <SectionHeading
          id="services-heading"
          title={`Locksmith Services in ${area.name}`}
          intro="Everything from a car lockout to a full rekey, at any hour."
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {page.services.map((service, index) => (
            <ServiceLinkTile key={service.slug} service={service} index={index} />
          ))}
        </div>
      </Section>

      <Section aria-labelledby="local-heading">
        <SectionHeading id="local-heading" title={`Serving All of ${area.name}`} />
        <div className="grid gap-4 md:grid-cols-3">
          <LocalFact icon="map-pin" title="ZIP codes" items={area.zipCodes} />
          <LocalFact icon="navigation" title="Major streets" items={detail.majorStreets} />
          <LocalFact icon="badge-check" title="Near landmarks like" items={detail.landmarks} />
        </div>
      </Section>

      {page.reviews.length > 0 && (
        <Section tone="muted" aria-labelledby="reviews-heading">
          <SectionHeading
            id="reviews-heading"
            title="What Our Customers Say"
            intro="Reviews from customers in and around this area."
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {page.reviews.map((review, index) => (
              <Reveal key={review.id} index={index}>
                <ReviewCard review={review} />
              </Reveal>
            ))}
          </div>
        </Section>
      )}

      <Section aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading" title={`${area.name} Locksmith FAQ`} />
        <FaqAccordion items={page.faqs} />
      </Section>

      {page.nearby.length > 0 && (
        <Section tone="muted" aria-labelledby="nearby-heading">
          <SectionHeading id="nearby-heading" title={`Also Serving Near ${area.name}`} />
          <ul className="flex flex-wrap justify-center gap-2">
            {page.nearby.map((nearby) => (
              <li key={nearby.slug}>
                <Link
                  to={cityPath(nearby.slug)}
                  className="inline-flex rounded-full border border-border bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow-xs hover:border-brand-600 hover:bg-brand-50"
                >
                  {nearby.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <ClosingCta
        heading={`Need a Locksmith in ${area.name} Right Now?`}
        text={`Call any hour of the day or night. A licensed locksmith near ${area.name} can be on the way in minutes.`}
        ctas={[
          { label: "Call Now", action: "call" },
          { label: "Request Service Online", action: "request" },
        ]}
      />
    </>
  );
}

function LocalFact({
  icon,
  title,
  items,
}: {
  icon: IconName;
  title: string;
  items: readonly string[];
}) {
  return (
    <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon name={icon} className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </h3>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function CityNotFound() {
  return (
    <Section>
      <div className="mx-auto max-w-xl py-10 text-center">
        <Icon name="search" className="mx-auto size-12 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">City Not Found</h1>
        <p className="mt-4 text-muted-foreground">
          We couldn't find that city. Check out our service areas to find locksmith services near
          you.
        </p>
        <Link to="/service-areas" className={clsx(buttonVariants({ size: "lg" }), "mt-8")}>
          View Service Areas
        </Link>
      </div>
    </Section>
  );
}
