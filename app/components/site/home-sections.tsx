import { facts, mostJobsUnder, paymentMethodsText, promises } from "~/content/business";
import { CheckList } from "./check-list";
import type { EmergencyContent, HomePrice, IconCardContent } from "~/content/home";
import type { PricedServiceCard } from "~/content/services";
import type { FaqItem } from "~/content/types";
import { ClosingCta } from "./closing-cta";
import { CtaButton } from "./cta-button";
import { FaqAccordion } from "./faq-accordion";
import { Icon, type IconName } from "./icon";
import type { ReviewView } from "~/lib/reviews/review-selection";
import { ReviewCard } from "./review-card";
import { ReviewPolicyLink } from "./review-policy-link";
import { Reveal } from "./reveal";
import { Section, SectionHeading } from "./section";
import { ServiceCard } from "./service-card";
import { useBusiness } from "./use-business";
import { CALL_NOW, REQUEST_ONLINE } from "~/content/ctas";

export interface HomeSectionsProps {
  services: readonly PricedServiceCard[];
  prices: readonly HomePrice[];
  /** What the hour costs: one price around the clock, or the after-hours rate (issue 45). */
  afterHours: string;
  emergencies: readonly EmergencyContent[];
  reasons: readonly IconCardContent[];
  steps: readonly IconCardContent[];
  brandGroups: readonly { title: string; items: readonly string[] }[];
  equipment: readonly IconCardContent[];
  reviews: readonly ReviewView[];
  rating?: { ratingValue: number; reviewCount: number };
  faqs: readonly FaqItem[];
}

/** Everything on the home page below the hero. */
export function HomeSections({
  services,
  prices,
  afterHours,
  emergencies,
  reasons,
  steps,
  brandGroups,
  equipment,
  reviews,
  rating,
  faqs,
}: HomeSectionsProps) {
  return (
    <>
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
          {emergencies.map((emergency, index) => (
            <Reveal key={emergency.title} index={index} className="h-full">
              <div className="flex h-full flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
                <IconBadge icon={emergency.icon} tone="alert" />
                <h3 className="mt-4 text-lg font-semibold">{emergency.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{emergency.description}</p>
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
          {reasons.map((reason, index) => (
            <Reveal key={reason.title} index={index} className="h-full">
              <div className="h-full rounded-xl border border-white/10 bg-white/5 p-6">
                <Icon name={reason.icon} className="size-8 text-accent-300" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-white">{reason.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{reason.description}</p>
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <Pricing prices={prices} afterHours={afterHours} />
      <HowItWorks steps={steps} />
      <Brands brandGroups={brandGroups} equipment={equipment} />
      {reviews.length > 0 && <Testimonials reviews={reviews} rating={rating} />}

      <Section aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently Asked Questions" />
        <FaqAccordion items={faqs} />
      </Section>

      <ClosingCta
        heading="Locked Out? Help Is One Call Away"
        text={`Call any hour of the day or night. A licensed locksmith near you can be on the way in minutes, with an average arrival of ${facts.averageArrivalMinutes} minutes.`}
        ctas={[CALL_NOW, REQUEST_ONLINE]}
      />
    </>
  );
}

function Pricing({ prices, afterHours }: { prices: readonly HomePrice[]; afterHours: string }) {
  return (
    <Section aria-labelledby="pricing-heading">
      <SectionHeading
        id="pricing-heading"
        eyebrow="Pricing"
        title="Upfront, Honest Pricing"
        intro={`Most jobs come in under $${mostJobsUnder}. You hear the price before any work starts. ${afterHours}`}
      />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {prices.map((price, index) => (
          <Reveal key={price.service} index={index} className="h-full">
            <div className="h-full rounded-xl border border-border bg-white p-4 text-center shadow-sm sm:p-6">
              <h3 className="text-sm font-semibold text-slate-700 sm:text-base">{price.service}</h3>
              <p className="mt-2 text-xs text-muted-foreground uppercase">usually</p>
              <p className="text-xl font-extrabold tracking-tight text-brand-800 sm:text-3xl">
                {price.price}
              </p>
            </div>
          </Reveal>
        ))}
      </div>
      <div className="mt-8 grid gap-6 rounded-xl border border-border bg-slate-50 p-6 md:grid-cols-[2fr_1fr]">
        <CheckList
          items={promises}
          className="grid gap-2 sm:grid-cols-2"
          itemClassName="text-sm font-medium"
        />
        <div className="text-sm text-slate-700">
          <p className="flex items-center gap-2 font-semibold text-foreground">
            <Icon
              name="credit-card"
              className="size-4 shrink-0 text-brand-700"
              aria-hidden="true"
            />
            Ways to pay
          </p>
          <p className="mt-2">
            Pay the locksmith by {paymentMethodsText} when the job is done. Prices shown are usual
            ranges; the exact price depends on the lock and is agreed with you first.
          </p>
        </div>
      </div>
    </Section>
  );
}

function HowItWorks({ steps }: { steps: readonly IconCardContent[] }) {
  const business = useBusiness();
  return (
    <Section tone="muted" aria-labelledby="how-heading">
      <SectionHeading id="how-heading" eyebrow="How it works" title="Back Inside in Three Steps" />
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title}>
            <Reveal index={index} className="h-full">
              <div className="relative h-full rounded-xl border border-border bg-white p-6 shadow-sm">
                <span
                  className="absolute top-4 right-5 text-4xl font-extrabold text-brand-100 select-none"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <IconBadge icon={step.icon} />
                <h3 className="mt-4 text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
                {index === 0 && (
                  <a
                    href={business.phoneHref}
                    className="mt-3 inline-block font-semibold text-brand-700 underline"
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

function Brands({
  brandGroups,
  equipment,
}: {
  brandGroups: HomeSectionsProps["brandGroups"];
  equipment: readonly IconCardContent[];
}) {
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
            <div className="h-full rounded-xl border border-border bg-white p-6 shadow-sm">
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
            <div className="flex h-full gap-3 rounded-xl border border-border bg-white p-5 shadow-sm">
              <Icon
                name={item.icon}
                className="mt-0.5 size-6 shrink-0 text-brand-700"
                aria-hidden="true"
              />
              <div>
                <h4 className="font-semibold">{item.title}</h4>
                <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>
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
      <ReviewPolicyLink />
    </Section>
  );
}

function IconBadge({ icon, tone = "brand" }: { icon: IconName; tone?: "brand" | "alert" }) {
  return (
    <span
      className={
        tone === "alert"
          ? "grid size-12 place-items-center rounded-lg bg-red-50 text-red-700"
          : "grid size-12 place-items-center rounded-lg bg-brand-50 text-brand-700"
      }
    >
      <Icon name={icon} className="size-6" aria-hidden="true" />
    </span>
  );
}
