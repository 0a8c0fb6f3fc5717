import { clsx } from "clsx";
import { data, redirect, useActionData } from "react-router";
import { Icon } from "~/components/site/icon";
import { RequestReceived } from "~/components/site/request-received";
import { ServiceRequestForm, type RequestAnswer } from "~/components/site/service-request-form";
import { Container, Section } from "~/components/site/section";
import { useBusiness } from "~/components/site/use-business";
import { buttonVariants } from "~/components/ui/button-variants";
import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPES } from "~/lib/business-enums";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import type { PageHandle } from "~/lib/site/page-handle";
import { serviceTypeFromParam } from "~/lib/leads/service-request";
import { requestPageFrom } from "~/lib/leads/first-touch";
import { readSitePrices } from "~/server/money/price-list.server";
import { locksmithJsonLd } from "~/lib/site/structured-data";
import { OUTAGE_RETRY_SECONDS } from "~/server/route-helpers/database-outage.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import { submitServiceRequest } from "~/server/leads/service-requests.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/request";
import { pageHead } from "./page-head.server";
import { logger } from "~/server/logger.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const area = serviceAreas.find((candidate) => candidate.slug === url.searchParams.get("area"));
  // Made here and sent with the data, so the page loads neither the metadata code nor the
  // area list (see page-head.server.ts).
  const meta = pageHead(context, (business) => ({
    title: `Request Locksmith Service Online | ${business.name}`,
    description:
      "Send us your name, phone number and ZIP code and we send the nearest available licensed locksmith, who quotes the price on site before any work. Or call us 24/7.",
    path: "/request",
    jsonLd: [locksmithJsonLd(business, { areaNames: serviceAreas.map((area) => area.name) })],
  }));
  return {
    meta,
    servedZips: [...new Set(serviceAreas.flatMap((served) => served.zipCodes))],
    serviceType: serviceTypeFromParam(url.searchParams.get("service"), SERVICE_TYPES) ?? "",
    area: area ? { slug: area.slug, name: area.name, zipCodes: area.zipCodes } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const formData = await request.formData();
  let result;
  try {
    result = await submitServiceRequest(
      database.db,
      formData,
      context.get(clientIpContext),
      () => loadTextContext(database.db, env),
      requestPageFrom(request.headers.get("Referer"), request.url),
    );
  } catch (error) {
    logger.error({ err: error }, "Could not store a service request");
    // The form again with what they typed and the number to call; Retry-After for clients.
    return data(
      { status: "failed" as const },
      { status: 503, headers: { "Retry-After": String(OUTAGE_RETRY_SECONDS) } },
    );
  }
  if (result.status === "created") {
    // Without JavaScript the browser gets a page of its own; with it, the form answers in place.
    if (formData.get("mode") !== "inline") {
      const thanks = new URLSearchParams({ service: result.serviceType, zip: result.zip });
      throw redirect(`/request/thanks?${thanks}`, 303);
    }
    // The confirmation states the service's usual range from the office's price list.
    const prices = await readSitePrices(database.db).catch(() => undefined);
    return data({ ...result, price: prices?.[result.serviceType] });
  }
  return data(result, { status: result.status === "invalid" ? 400 : 429 });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  // A request the database could not take says when to try again, and is never cached.
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter
    ? { "Cache-Control": "no-store", "Retry-After": retryAfter }
    : publicPageHeaders();
};

export const handle: PageHandle = { islands: ["request-form"] };

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function RequestPage({ loaderData }: Route.ComponentProps) {
  // The form posts as a document (the island posts the same through fetch and takes the
  // answer's [data-island="request-form"]): its answer arrives as action data.
  const answer: RequestAnswer | undefined = useActionData<typeof action>();
  const business = useBusiness();
  const sent = answer?.status === "created" ? answer : null;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <Container className="py-12 sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            Request Service Online
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-200">
            Tell us what you need and where, and we send the nearest available licensed locksmith.
            They quote the price on site, and no work starts until you approve it. Locked out right
            now? Calling is fastest.
          </p>
          <a
            href={business.phoneHref}
            className={clsx(buttonVariants({ size: "lg", variant: "accent" }), "mt-6")}
          >
            <Icon name="phone" aria-hidden="true" />
            Call {business.phone}
          </a>
        </Container>
      </section>
      <Section>
        <div
          data-island="request-form"
          data-served-zips={loaderData.servedZips.join(" ")}
          className="mx-auto max-w-xl"
        >
          {sent ? (
            <RequestReceived
              serviceType={sent.serviceType}
              zip={sent.zip}
              outsideArea={sent.outsideArea}
              price={sent.price}
            />
          ) : (
            <ServiceRequestForm
              answer={answer}
              defaults={{ serviceType: loaderData.serviceType }}
              area={loaderData.area}
              servedZips={loaderData.servedZips}
            />
          )}
        </div>
      </Section>
    </>
  );
}
