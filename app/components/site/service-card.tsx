import { Link } from "react-router";
import { servicePath } from "~/content/site-index";
import type { ServiceCardContent } from "~/content/types";
import { Icon } from "./icon";
import { Reveal } from "./reveal";

// The look of the Card primitives (components/ui/card.tsx), as plain elements: twelve
// cards on a page are cheaper to hydrate without a component for every part of each.

/** A service with its description, four features and a Learn More link. */
export function ServiceCard({
  service,
  index = 0,
}: {
  service: ServiceCardContent;
  index?: number;
}) {
  return (
    <Reveal index={index} className="h-full">
      <div className="border-border text-foreground flex h-full flex-col rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md">
        <div className="flex flex-col gap-1.5 p-6 pb-3">
          <span className="bg-brand-50 text-brand-700 mb-2 grid size-11 place-items-center rounded-lg">
            <Icon name={service.icon} className="size-6" role="img" aria-label={service.alt} />
          </span>
          <h3 className="text-lg leading-tight font-semibold">{service.title}</h3>
          <p className="text-muted-foreground text-sm">{service.description}</p>
        </div>
        <div className="flex flex-1 flex-col p-6 pt-0">
          <ul className="mb-5 space-y-1.5 text-sm">
            {service.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Icon
                  name="check"
                  className="text-success mt-0.5 size-4 shrink-0"
                  aria-hidden="true"
                />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to={servicePath(service.slug)}
            className="text-brand-700 mt-auto inline-flex items-center gap-1 text-sm font-semibold hover:underline"
          >
            Learn More<span className="sr-only">: {service.title}</span>
            <Icon name="arrow-right" className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </Reveal>
  );
}

/** A compact link tile to a service page (city pages, about page). */
export function ServiceLinkTile({
  service,
  index = 0,
}: {
  service: Pick<ServiceCardContent, "slug" | "title" | "description" | "icon">;
  index?: number;
}) {
  return (
    <Reveal index={index} className="h-full">
      <Link
        to={servicePath(service.slug)}
        className="border-border flex h-full items-start gap-3 rounded-xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
      >
        <span className="bg-brand-50 text-brand-700 grid size-10 shrink-0 place-items-center rounded-lg">
          <Icon name={service.icon} className="size-5" aria-hidden="true" />
        </span>
        <span>
          <span className="text-foreground block font-semibold">{service.title}</span>
          <span className="text-muted-foreground mt-1 line-clamp-2 block text-sm">
            {service.description}
          </span>
        </span>
      </Link>
    </Reveal>
  );
}
