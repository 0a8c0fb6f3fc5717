import { servicePath } from "~/content/site-index";
import { CheckList } from "./check-list";
import type { PricedServiceCard } from "~/content/services";
import { Icon } from "./icon";
import { Reveal } from "./reveal";
import { Link } from "./link";
import { Section, SectionHeading } from "./section";

// The look of the Card primitives (components/ui/card.tsx), as plain elements: twelve
// cards on a page are cheaper to hydrate without a component for every part of each.

/** A service with its description, four features and a Learn More link. */
export function ServiceCard({
  service,
  index = 0,
}: {
  service: PricedServiceCard;
  index?: number;
}) {
  return (
    <Reveal index={index} className="h-full">
      <div className="flex h-full flex-col rounded-xl border border-border bg-white text-foreground shadow-sm transition-shadow hover:shadow-md">
        <div className="flex flex-col gap-1.5 p-6 pb-3">
          <span className="mb-2 grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Icon name={service.icon} className="size-6" role="img" aria-label={service.alt} />
          </span>
          <h3 className="text-lg leading-tight font-semibold">{service.title}</h3>
          <p className="text-sm text-muted-foreground">{service.description}</p>
        </div>
        <div className="flex flex-1 flex-col p-6 pt-0">
          <CheckList items={service.features} className="mb-5 space-y-1.5 text-sm" />
          {service.prices?.map((note) => (
            <p key={note.label} className="mb-2 text-sm last-of-type:mb-5">
              <span className="text-muted-foreground">{note.label}: </span>
              <span className="font-semibold text-brand-800">{note.price}</span>
            </p>
          ))}
          <Link
            to={servicePath(service.slug)}
            className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            Learn More<span className="sr-only">: {service.title}</span>
            <Icon name="arrow-right" className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </Reveal>
  );
}

/** A compact link tile to a service page. */
function ServiceLinkTile({
  service,
  index = 0,
}: {
  service: Pick<PricedServiceCard, "slug" | "title" | "description" | "icon">;
  index?: number;
}) {
  return (
    <Reveal index={index} className="h-full">
      <Link
        to={servicePath(service.slug)}
        className="flex h-full items-start gap-3 rounded-xl border border-border bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={service.icon} className="size-5" aria-hidden="true" />
        </span>
        <span>
          <span className="block font-semibold text-foreground">{service.title}</span>
          <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">
            {service.description}
          </span>
        </span>
      </Link>
    </Reveal>
  );
}

/** The muted section of service link tiles on the city pages and the about page. */
export function ServiceLinksSection({
  title,
  intro,
  services,
  children,
}: {
  title: string;
  intro: string;
  services: readonly Pick<PricedServiceCard, "slug" | "title" | "description" | "icon">[];
  /** Below the tiles (the about page's links to all services and areas). */
  children?: React.ReactNode;
}) {
  return (
    <Section tone="muted" aria-labelledby="services-heading">
      <SectionHeading id="services-heading" title={title} intro={intro} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((service, index) => (
          <ServiceLinkTile key={service.slug} service={service} index={index} />
        ))}
      </div>
      {children}
    </Section>
  );
}
