import { Section } from "~/components/site/section";
import { businessFromMatches } from "~/lib/site/seo";
import { RequestReceived } from "~/components/site/request-received";
import { isServedZip } from "~/server/leads/service-requests.server";
import { SERVICE_TYPES } from "~/lib/business-enums";
import { serviceTypeFromParam } from "~/lib/leads/service-request";
import { readSitePrices } from "~/server/money/price-list.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/request-thanks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const zip = url.searchParams.get("zip") ?? "";
  const valid = /^\d{5}$/.test(zip);
  const serviceType = serviceTypeFromParam(url.searchParams.get("service"), SERVICE_TYPES);
  const prices = serviceType
    ? await readSitePrices(context.get(servicesContext).database.db)
    : undefined;
  return {
    serviceType: serviceType ?? "",
    price: serviceType && prices?.[serviceType],
    zip: valid ? zip : "your area",
    outsideArea: valid && !isServedZip(zip),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Request received | ${businessFromMatches(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function RequestThanks({ loaderData }: Route.ComponentProps) {
  return (
    <Section>
      <div className="mx-auto w-full max-w-xl px-4 sm:px-6">
        <h1 className="sr-only">Thank you</h1>
        <RequestReceived {...loaderData} />
      </div>
    </Section>
  );
}
