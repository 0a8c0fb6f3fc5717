import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { servicePath } from "~/content/services";
import type { ServiceCardContent } from "~/content/types";
import { Reveal } from "./reveal";

/** A service with its description, four features and a Learn More link. */
export function ServiceCard({
  service,
  index = 0,
}: {
  service: ServiceCardContent;
  index?: number;
}) {
  const Icon = service.icon;
  return (
    <Reveal index={index} className="h-full">
      <Card className="flex h-full flex-col transition-shadow hover:shadow-md">
        <CardHeader>
          <span className="bg-brand-50 text-brand-700 mb-2 grid size-11 place-items-center rounded-lg">
            <Icon className="size-6" role="img" aria-label={service.alt} />
          </span>
          <CardTitle>{service.title}</CardTitle>
          <CardDescription>{service.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col">
          <ul className="mb-5 space-y-1.5 text-sm">
            {service.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="text-success mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to={servicePath(service.slug)}
            className="text-brand-700 mt-auto inline-flex items-center gap-1 text-sm font-semibold hover:underline"
          >
            Learn More<span className="sr-only">: {service.title}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </CardContent>
      </Card>
    </Reveal>
  );
}

/** A compact link tile to a service page (city pages, about page). */
export function ServiceLinkTile({
  service,
  index = 0,
}: {
  service: ServiceCardContent;
  index?: number;
}) {
  const Icon = service.icon;
  return (
    <Reveal index={index} className="h-full">
      <Link
        to={servicePath(service.slug)}
        className="border-border flex h-full items-start gap-3 rounded-xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
      >
        <span className="bg-brand-50 text-brand-700 grid size-10 shrink-0 place-items-center rounded-lg">
          <Icon className="size-5" aria-hidden="true" />
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
