import { mostJobsUnder } from "~/content/business";
import type { ServiceArea } from "~/content/service-areas";
import type { FaqItem, ServiceCardContent } from "~/content/types";
import { cityPath } from "~/lib/site/area-paths";
import { ClosingCta } from "./closing-cta";
import { FaqAccordion } from "./faq-accordion";
import { Icon, type IconName } from "./icon";
import { Link } from "./link";
import type { ReviewView } from "~/lib/reviews/review-selection";
import { ReviewCard } from "./review-card";
import { ReviewPolicyLink } from "./review-policy-link";
import { Reveal } from "./reveal";
import { Section, SectionHeading } from "./section";
import { ServiceLinksSection } from "./service-card";
import { CALL_NOW, REQUEST_ONLINE } from "~/content/ctas";

export interface CitySectionsProps {
  area: ServiceArea;
  arrival: string;
  detail: { landmarks: readonly string[]; majorStreets: readonly string[] };
  services: readonly Pick<ServiceCardContent, "slug" | "title" | "description" | "icon">[];
  reviews: readonly ReviewView[];
  /** Worded by where the reviews come from (content/city-copy.ts). */
  reviewsIntro: string;
  faqs: readonly FaqItem[];
  nearby: readonly { name: string; slug: string }[];
  /** "$89", the bottom of the lockout range in the office's price list. */
  lockoutPrice: string;
  /** The after-hours rate's sentence, when the business charges one. */
  afterHours: string | null;
}

/** Everything on a city page below the hero. */
export function CitySections({
  area,
  arrival,
  detail,
  services,
  reviews,
  reviewsIntro,
  faqs,
  nearby,
  lockoutPrice,
  afterHours,
}: CitySectionsProps) {
  return (
    <>
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
                text: `Lockouts ${lockoutPrice}; most jobs under $${mostJobsUnder}. The price is agreed before work starts.${afterHours ? ` ${afterHours}` : ""}`,
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

      <ServiceLinksSection
        title={`Locksmith Services in ${area.name}`}
        intro="Everything from a car lockout to a full rekey, at any hour."
        services={services}
      />

      <Section aria-labelledby="local-heading">
        <SectionHeading id="local-heading" title={`Serving All of ${area.name}`} />
        <div className="grid gap-4 md:grid-cols-3">
          <LocalFact icon="map-pin" title="ZIP codes" items={area.zipCodes} />
          <LocalFact icon="navigation" title="Major streets" items={detail.majorStreets} />
          <LocalFact icon="badge-check" title="Near landmarks like" items={detail.landmarks} />
        </div>
      </Section>

      {reviews.length > 0 && (
        <Section tone="muted" aria-labelledby="reviews-heading">
          <SectionHeading
            id="reviews-heading"
            title="What Our Customers Say"
            intro={reviewsIntro}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {reviews.map((review, index) => (
              <Reveal key={review.id} index={index}>
                <ReviewCard review={review} />
              </Reveal>
            ))}
          </div>
          <ReviewPolicyLink />
        </Section>
      )}

      <Section aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading" title={`${area.name} Locksmith FAQ`} />
        <FaqAccordion items={faqs} />
      </Section>

      {nearby.length > 0 && (
        <Section tone="muted" aria-labelledby="nearby-heading">
          <SectionHeading id="nearby-heading" title={`Also Serving Near ${area.name}`} />
          <ul className="flex flex-wrap justify-center gap-2">
            {nearby.map((nearby) => (
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
        ctas={[CALL_NOW, REQUEST_ONLINE]}
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
