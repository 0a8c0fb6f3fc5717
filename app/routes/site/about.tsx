import { ClosingCta } from "~/components/site/closing-cta";
import { CheckList } from "~/components/site/check-list";
import { CentredHero } from "~/components/site/centred-hero";
import { Icon } from "~/components/site/icon";
import { Reveal } from "~/components/site/reveal";
import { Section, SectionHeading } from "~/components/site/section";
import { ServiceLinksSection } from "~/components/site/service-card";
import { useBusiness } from "~/components/site/use-business";
import { buttonVariants } from "~/components/ui/button-variants";
import { aboutStats, aboutStory, aboutValues, reviewPolicy } from "~/content/about";
import { FOUNDED_YEAR, promises, yearsInBusiness } from "~/content/business";
import { serviceAreas } from "~/content/service-areas";
import { getService } from "~/content/services";
import { mainServiceSlugs } from "~/content/site-index";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import type { Route } from "./+types/about";
import { pageHead } from "./page-head.server";
import { Link } from "~/components/site/link";
import { CALL_NOW, REQUEST_ONLINE } from "~/content/ctas";

// Years are counted on the server per request, so the page never shows last year's figure
// and the server and browser render the same number.
export function loader({ context }: Route.LoaderArgs) {
  const years = yearsInBusiness();
  const meta = pageHead(context, (business) => ({
    title: `About Us: Family Locksmiths Since ${FOUNDED_YEAR} | ${business.name}`,
    description: `A family locksmith business since ${FOUNDED_YEAR}, connecting Chicago and the South and Southwest Suburbs with licensed, bonded and insured local locksmiths, 24/7.`,
    keywords: [
      "about us",
      "Chicago locksmith",
      "family locksmith business",
      "licensed locksmith",
      "24/7 locksmith",
    ],
    path: "/about",
    jsonLd: [locksmithJsonLd(business, { areaNames: serviceAreas.map((area) => area.name) })],
  }));
  return {
    meta,
    years,
    // The page's text comes as its data rather than in its JavaScript.
    stats: aboutStats({ years, areaCount: serviceAreas.length }),
    values: aboutValues,
    services: mainServiceSlugs.flatMap((slug) => {
      const service = getService(slug);
      return service
        ? [{ slug, title: service.title, description: service.description, icon: service.icon }]
        : [];
    }),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const { years, stats } = loaderData;

  return (
    <>
      <CentredHero eyebrow={`Since ${FOUNDED_YEAR}`} title={`About ${business.name}`}>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-200">
          A family business that connects Chicago and its suburbs with trusted local locksmiths, 24
          hours a day.
        </p>
      </CentredHero>

      <Section aria-label="At a glance">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {stats.map((stat, index) => (
            <li key={stat.label}>
              <Reveal index={index} className="h-full">
                <div className="flex h-full flex-col items-center rounded-xl border border-border bg-white p-5 text-center shadow-sm sm:p-6">
                  <Icon name={stat.icon} className="size-8 text-brand-700" aria-hidden="true" />
                  <p className="mt-3 text-3xl font-extrabold tracking-tight text-brand-800">
                    {stat.value}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{stat.label}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" aria-labelledby="story-heading">
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div>
            <h2 id="story-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Our Story
            </h2>
            <div className="mt-4 space-y-4 text-slate-700">
              {aboutStory({ businessName: business.name, years }).map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="text-pretty">
                  {paragraph}
                </p>
              ))}
            </div>
          </div>
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold">What you can count on</h3>
            <CheckList items={promises} className="mt-4 space-y-2" itemClassName="text-sm" />
          </div>
        </div>
      </Section>

      <Section aria-labelledby="values-heading">
        <SectionHeading id="values-heading" eyebrow="Our values" title="What We Stand For" />
        <div className="grid gap-4 md:grid-cols-3">
          {loaderData.values.map((value, index) => (
            <Reveal key={value.title} index={index} className="h-full">
              <div className="h-full rounded-xl border border-border bg-white p-6 shadow-sm">
                <span className="grid size-12 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={value.icon} className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{value.description}</p>
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <ServiceLinksSection
        title="How We Can Help"
        intro="From lockouts to full security upgrades, for homes, cars and businesses."
        services={loaderData.services}
      >
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/services" className={buttonVariants({ size: "lg" })}>
            View All Services
            <Icon name="arrow-right" aria-hidden="true" />
          </Link>
          <Link to="/service-areas" className={buttonVariants({ size: "lg", variant: "outline" })}>
            See Our Service Areas
            <Icon name="arrow-right" aria-hidden="true" />
          </Link>
        </div>
      </ServiceLinksSection>

      <Section id="review-policy" aria-labelledby="review-policy-heading">
        <SectionHeading
          id="review-policy-heading"
          eyebrow="Reviews"
          title="How We Publish Reviews"
        />
        <div className="mx-auto max-w-2xl space-y-4 text-slate-700">
          {reviewPolicy.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="text-pretty">
              {paragraph}
            </p>
          ))}
        </div>
      </Section>

      <ClosingCta
        heading="Need a Locksmith Today?"
        text="Call any hour of the day or night, and a licensed local locksmith can be on the way in minutes."
        ctas={[CALL_NOW, REQUEST_ONLINE]}
      />
    </>
  );
}
