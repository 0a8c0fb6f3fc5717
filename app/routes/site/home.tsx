import { BadgeCheck, Check, Clock, CreditCard, ShieldCheck } from "lucide-react";
import { redirect } from "react-router";
import { ClosingCta } from "~/components/site/closing-cta";
import { CallButton, CtaButton } from "~/components/site/cta-button";
import { FaqAccordion } from "~/components/site/faq-accordion";
import { HOME_SEARCH_PARAM, HomeAreaSearch } from "~/components/site/home-area-search";
import { ReviewCard, type ReviewView } from "~/components/site/review-card";
import { Reveal } from "~/components/site/reveal";
import { Container, Section, SectionHeading } from "~/components/site/section";
import { ServiceCard } from "~/components/site/service-card";
import { useBusiness } from "~/components/site/use-business";
import { facts, mostJobsUnder, promises, startingPrices } from "~/content/business";
import {
  brandGroups,
  equipment,
  homeEmergencies,
  homeFaqs,
  homeReasons,
  homeSteps,
  paymentMethodsText,
  type IconCardContent,
} from "~/content/home";
import { serviceAreas } from "~/content/service-areas";
import { services } from "~/content/services";
import { cityPath } from "~/lib/area-paths";
import { searchAreas } from "~/lib/area-search";
import { publicPageHeaders } from "~/lib/http";
import { businessFromMatches, pageMeta } from "~/lib/seo";
import { faqJsonLd, locksmithJsonLd } from "~/lib/structured-data";
import { servicesContext } from "~/server/context.server";
import { homeReviews } from "~/server/public-reviews.server";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const searchQuery = new URL(request.url).searchParams.get(HOME_SEARCH_PARAM)?.trim() ?? "";
  // The hero search without JavaScript: Find submits ?area=, and the first match wins.
  if (searchQuery !== "") {
    const [first] = searchAreas(serviceAreas, searchQuery, 1);
    if (first) throw redirect(cityPath(first.slug));
  }
  const { database } = context.get(servicesContext);
  const { reviews, rating } = await homeReviews(database.db);
  return { searchQuery, noMatch: searchQuery !== "", reviews, rating };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const business = businessFromMatches(matches);
  return pageMeta(business, {
    title: `24/7 Locksmith in Chicago & Suburbs | ${business.name}`,
    description: `Locked out? Licensed, bonded and insured locksmiths across Chicago and the South and Southwest Suburbs, 24/7. Average arrival ${facts.averageArrivalMinutes} minutes, lockouts from $${startingPrices[0].from}, no trip charges.`,
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
    noindex: new URLSearchParams(location.search).has(HOME_SEARCH_PARAM),
    jsonLd: [
      locksmithJsonLd(business, {
        areaNames: serviceAreas.map((area) => area.name),
        rating: data?.rating,
        serviceRadius: 50000,
      }),
      faqJsonLd(homeFaqs),
    ],
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero searchQuery={loaderData.searchQuery} noMatch={loaderData.noMatch} />

      <Section aria-labelledby="services-heading">
        <SectionHeading
          id="services-heading"
          eyebrow="What we do"
          title="Locksmith Services for Home, Car and Business"
          intro="Twelve services, one number: whatever is locked, broken or lost, a licensed locksmith can help."
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {services.map((service, index) => (
            <ServiceCard key={service.slug} service={service} index={index} />
          ))}
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="emergencies-heading">
        <SectionHeading
          id="emergencies-heading"
          eyebrow="Emergencies"
          title="Common Emergencies We Handle"
          intro={`Emergency lockouts never wait more than ${facts.emergencyMaxMinutes} minutes.`}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {homeEmergencies.map((emergency, index) => (
            <Reveal key={emergency.title} index={index} className="h-full">
              <div className="border-border flex h-full flex-col rounded-xl border bg-white p-6 shadow-sm">
                <IconBadge icon={emergency.icon} tone="alert" />
                <h3 className="mt-4 text-lg font-semibold">{emergency.title}</h3>
                <p className="text-muted-foreground mt-2 flex-1 text-sm">{emergency.description}</p>
                <CtaButton cta={emergency.cta} className="mt-5 w-full" />
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <Section tone="dark" aria-labelledby="reasons-heading">
        <SectionHeading
          id="reasons-heading"
          tone="dark"
          eyebrow="Why us"
          title="Why Chicago Chooses Us"
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {homeReasons.map((reason, index) => (
            <Reveal key={reason.title} index={index} className="h-full">
              <div className="h-full rounded-xl border border-white/10 bg-white/5 p-6">
                <reason.icon className="text-accent-300 size-8" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-white">{reason.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{reason.description}</p>
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <Pricing />
      <HowItWorks />
      <Brands />
      {loaderData.reviews.length > 0 && (
        <Testimonials reviews={loaderData.reviews} rating={loaderData.rating} />
      )}

      <Section aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently Asked Questions" />
        <FaqAccordion items={homeFaqs} />
      </Section>

      <ClosingCta
        heading="Locked Out? Help Is One Call Away"
        text={`Call any hour of the day or night. A licensed locksmith near you can be on the way in minutes, with an average arrival of ${facts.averageArrivalMinutes} minutes.`}
        ctas={[
          { label: "Call Now", action: "call" },
          { label: "Request Service Online", action: "request" },
        ]}
      />
    </>
  );
}

function Hero({ searchQuery, noMatch }: { searchQuery: string; noMatch: boolean }) {
  return (
    <section className="from-brand-950 via-brand-900 to-brand-800 bg-gradient-to-br text-white">
      <Container className="grid gap-10 py-12 sm:py-20 lg:grid-cols-[1fr_30rem] lg:items-center">
        <div>
          <p className="text-accent-300 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
            <Clock className="size-4" aria-hidden="true" />
            Open 24/7, 365 days a year
          </p>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            24/7 Locksmith in Chicago &amp; the Suburbs
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">
            Locked out of your home, car or business? We connect you with a licensed local locksmith
            in minutes, with the price agreed before any work starts.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CallButton size="lg" variant="accent" />
            <CtaButton
              cta={{ label: "Text for Service", action: "sms" }}
              size="lg"
              variant="outline-light"
            />
          </div>
          <ul className="mt-6 flex flex-col gap-2 text-sm text-slate-200 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <li className="flex items-center gap-2">
              <ShieldCheck className="text-accent-300 size-4" aria-hidden="true" />
              Licensed, bonded &amp; insured
            </li>
            <li className="flex items-center gap-2">
              <Clock className="text-accent-300 size-4" aria-hidden="true" />
              Average arrival: {facts.averageArrivalMinutes} minutes
            </li>
            <li className="flex items-center gap-2">
              <BadgeCheck className="text-accent-300 size-4" aria-hidden="true" />
              No trip charges
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-white/15 bg-white/10 p-5 shadow-xl sm:p-6">
          <h2 className="text-lg font-semibold">Find a locksmith near you</h2>
          <p className="mt-1 mb-4 text-sm text-slate-300">
            Serving {serviceAreas.length} areas across Chicago, the South Suburbs and the Southwest
            Suburbs.
          </p>
          <HomeAreaSearch initialQuery={searchQuery} serverNoMatch={noMatch} />
        </div>
      </Container>
    </section>
  );
}

function Pricing() {
  return (
    <Section aria-labelledby="pricing-heading">
      <SectionHeading
        id="pricing-heading"
        eyebrow="Pricing"
        title="Upfront, Honest Pricing"
        intro={`Most jobs come in under $${mostJobsUnder}. You hear the price before any work starts.`}
      />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {startingPrices.map((price, index) => (
          <Reveal key={price.service} index={index} className="h-full">
            <div className="border-border h-full rounded-xl border bg-white p-4 text-center shadow-sm sm:p-6">
              <h3 className="text-sm font-semibold text-slate-700 sm:text-base">{price.service}</h3>
              <p className="text-muted-foreground mt-2 text-xs uppercase">from</p>
              <p className="text-brand-800 text-3xl font-extrabold tracking-tight sm:text-4xl">
                ${price.from}
              </p>
              {price.unit && <p className="text-muted-foreground mt-1 text-sm">{price.unit}</p>}
            </div>
          </Reveal>
        ))}
      </div>
      <div className="border-border mt-8 grid gap-6 rounded-xl border bg-slate-50 p-6 md:grid-cols-[2fr_1fr]">
        <ul className="grid gap-2 sm:grid-cols-2">
          {promises.map((promise) => (
            <li key={promise} className="flex items-start gap-2 text-sm font-medium">
              <Check className="text-success mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {promise}
            </li>
          ))}
        </ul>
        <div className="text-sm text-slate-700">
          <p className="text-foreground flex items-center gap-2 font-semibold">
            <CreditCard className="text-brand-700 size-4 shrink-0" aria-hidden="true" />
            Ways to pay
          </p>
          <p className="mt-2">
            Pay the locksmith by {paymentMethodsText} when the job is done. Prices shown are
            starting prices; the exact price depends on the lock and is agreed with you first.
          </p>
        </div>
      </div>
    </Section>
  );
}

function HowItWorks() {
  const business = useBusiness();
  return (
    <Section tone="muted" aria-labelledby="how-heading">
      <SectionHeading id="how-heading" eyebrow="How it works" title="Back Inside in Three Steps" />
      <ol className="grid gap-4 md:grid-cols-3">
        {homeSteps.map((step, index) => (
          <li key={step.title}>
            <Reveal index={index} className="h-full">
              <div className="border-border relative h-full rounded-xl border bg-white p-6 shadow-sm">
                <span
                  className="text-brand-100 absolute top-4 right-5 text-4xl font-extrabold select-none"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <IconBadge icon={step.icon} />
                <h3 className="mt-4 text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-muted-foreground mt-2 text-sm">{step.description}</p>
                {index === 0 && (
                  <a
                    href={business.phoneHref}
                    className="text-brand-700 mt-3 inline-block font-semibold underline"
                  >
                    {business.phone}
                  </a>
                )}
              </div>
            </Reveal>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Brands() {
  return (
    <Section aria-labelledby="brands-heading">
      <SectionHeading
        id="brands-heading"
        eyebrow="Brands & equipment"
        title="Brands We Work On"
        intro="Residential and commercial locks, domestic, Asian and European vehicles, and safes, with the tools to do the job on site."
      />
      <div className="grid gap-4 md:grid-cols-3">
        {brandGroups.map((group, index) => (
          <Reveal key={group.title} index={index} className="h-full">
            <div className="border-border h-full rounded-xl border bg-white p-6 shadow-sm">
              <h3 className="font-semibold">{group.title}</h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {group.items.map((brand) => (
                  <li
                    key={brand}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                  >
                    {brand}
                  </li>
                ))}
              </ul>
            </div>
          </Reveal>
        ))}
      </div>
      <h3 className="mt-12 text-center text-xl font-bold">Professional Equipment</h3>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {equipment.map((item, index) => (
          <Reveal key={item.title} index={index} className="h-full">
            <div className="border-border flex h-full gap-3 rounded-xl border bg-white p-5 shadow-sm">
              <item.icon className="text-brand-700 mt-0.5 size-6 shrink-0" aria-hidden="true" />
              <div>
                <h4 className="font-semibold">{item.title}</h4>
                <p className="text-muted-foreground mt-1 text-sm">{item.description}</p>
              </div>
            </div>
          </Reveal>
        ))}
      </div>
    </Section>
  );
}

function Testimonials({
  reviews,
  rating,
}: {
  reviews: readonly ReviewView[];
  rating?: { ratingValue: number; reviewCount: number };
}) {
  return (
    <Section tone="muted" aria-labelledby="reviews-heading">
      <SectionHeading
        id="reviews-heading"
        eyebrow="Reviews"
        title="What Our Customers Say"
        intro={
          rating
            ? `Rated ${rating.ratingValue} out of 5 across ${rating.reviewCount} published ${rating.reviewCount === 1 ? "review" : "reviews"}.`
            : undefined
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review, index) => (
          <Reveal key={review.id} index={index} className="h-full">
            <ReviewCard review={review} />
          </Reveal>
        ))}
      </div>
    </Section>
  );
}

function IconBadge({
  icon: Icon,
  tone = "brand",
}: {
  icon: IconCardContent["icon"];
  tone?: "brand" | "alert";
}) {
  return (
    <span
      className={
        tone === "alert"
          ? "grid size-12 place-items-center rounded-lg bg-red-50 text-red-700"
          : "bg-brand-50 text-brand-700 grid size-12 place-items-center rounded-lg"
      }
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
