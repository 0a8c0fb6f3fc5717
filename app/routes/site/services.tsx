import { ClosingCta } from "~/components/site/closing-cta";
import { HeroActions } from "~/components/site/cta-button";
import { TrustPoints, type TrustPoint } from "~/components/site/trust-points";
import { Container, Section, SectionHeading } from "~/components/site/section";
import { ServiceCard } from "~/components/site/service-card";
import { facts } from "~/content/business";
import { services, withPrices } from "~/content/services";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readSitePrices } from "~/server/money/price-list.server";
import type { Route } from "./+types/services";
import { pageHead } from "./page-head.server";
import { CALL_NOW, TEXT_FOR_SERVICE } from "~/content/ctas";

// The cards' text comes as the page's data, not in its JavaScript.
export async function loader({ context }: Route.LoaderArgs) {
  const prices = await readSitePrices(context.get(servicesContext).database.db);
  const meta = pageHead(context, (business) => ({
    title: `Locksmith Services in Chicago & Suburbs | ${business.name}`,
    description: `Emergency lockouts, residential, commercial and automotive locksmiths, rekeying, smart locks, safes and more. Licensed and insured, 24/7, ${facts.averageArrivalMinutes}-minute average arrival.`,
    keywords: [
      "locksmith services Chicago",
      "emergency locksmith",
      "residential locksmith",
      "commercial locksmith",
      "car locksmith",
      "lock rekeying",
      "smart lock installation",
      "key duplication",
      "safe locksmith",
      "24 hour locksmith",
    ],
    path: "/services",
    jsonLd: [
      locksmithJsonLd(business, { areaNames: ["Chicago", "South Suburbs", "Southwest Suburbs"] }),
    ],
  }));
  return {
    meta,
    services: withPrices(services, prices),
    trustPoints: trustPoints(prices.emergency),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

/** Shared promises, worded as on the city and service pages so the site says one thing. */
function trustPoints(lockoutPrice: string): TrustPoint[] {
  return [
    { icon: "clock", text: `${facts.averageArrivalMinutes}-minute average arrival` },
    { icon: "badge-check", text: "Licensed & insured" },
    { icon: "dollar-sign", text: `Lockouts ${lockoutPrice}` },
  ];
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <Container className="py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">Open 24/7</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Locksmith Services
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">
            From a late-night lockout to a new master key system, licensed and insured locksmiths
            serve Chicago and the South and Southwest suburbs around the clock, with upfront pricing
            and no trip charges.
          </p>
          <HeroActions />
          <TrustPoints points={loaderData.trustPoints} />
        </Container>
      </section>

      <Section tone="muted" aria-labelledby="all-services-heading">
        <SectionHeading
          id="all-services-heading"
          title="Everything We Do"
          intro="For homes, vehicles and businesses, day or night. Choose a service to see what's included."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.services.map((service, index) => (
            <li key={service.slug}>
              <ServiceCard service={service} index={index} />
            </li>
          ))}
        </ul>
      </Section>

      <ClosingCta
        heading="Not Sure Which Service You Need?"
        text="Call or text and tell us what's going on. We'll send the right locksmith and give you the price before any work starts."
        ctas={[CALL_NOW, TEXT_FOR_SERVICE]}
      />
    </>
  );
}
