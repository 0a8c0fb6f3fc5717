import { data } from "react-router";
import { CallButton, CtaButton } from "~/components/site/cta-button";
import { TrustPoints } from "~/components/site/trust-points";
import { Icon, type IconName } from "~/components/site/icon";
import { Container } from "~/components/site/section";
import { ServiceSections } from "~/components/site/service-blocks";
import { getServicePage } from "~/content/service-pages";
import { getService, pagePrices, type PriceNote } from "~/content/services";
import { servicePath } from "~/content/site-index";
import type { ServiceDetailContent } from "~/content/types";
import { publicPageHeaders } from "~/lib/site/cache-headers";
import { faqJsonLd, locksmithJsonLd, serviceJsonLd } from "~/lib/site/structured-data";
import NotFound from "./not-found";
import type { Route } from "./+types/service";
import { ownBreadcrumb, pageHead, siteBusiness } from "./page-head.server";
import { logger } from "~/server/logger.server";
import { readPriceList } from "~/server/money/price-list.server";
import { readAfterHours } from "~/server/money/after-hours.server";
import { afterHoursPriceNote } from "~/lib/money/line-kinds";
import { sitePrices } from "~/lib/money/site-prices";
import { servicesContext } from "~/server/route-helpers/context.server";

const AREA_NAMES = ["Chicago", "South Suburbs", "Southwest Suburbs"];
const AREA_SERVED = "Chicago, South Suburbs and Southwest Suburbs, IL";

/** Marks the 404 response so `headers` can tell it apart: HeadersArgs carries no status. */
const NOT_FOUND_HEADERS = { "X-Robots-Tag": "noindex" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const [list, afterHours] = await Promise.all([readPriceList(db), readAfterHours(db)]);
  const prices = sitePrices(list);
  const page = getServicePage(params.service, prices);
  if (!page) {
    logger.warn({ path: new URL(request.url).pathname }, "Page not found");
    const business = siteBusiness(context);
    const meta = [
      { title: `Page Not Found | ${business.name}` },
      { name: "description", content: "The page you're looking for doesn't exist." },
      { name: "robots", content: "noindex" },
    ];
    return data({ kind: "missing" as const, meta }, { status: 404, headers: NOT_FOUND_HEADERS });
  }
  // The page's content comes as its data: bundled with the route module, every service
  // page would load the text of all twelve.
  const service = getService(page.slug);
  const title = service?.title ?? page.hero.heading;
  const path = servicePath(page.slug);
  const faq = page.blocks.find((block) => block.kind === "faq");
  const notes = pagePrices(page.slug, prices);
  const meta = pageHead(context, (business) => ({
    title: page.seo.title,
    description: page.seo.description,
    keywords: page.seo.keywords,
    path,
    jsonLd: [
      serviceJsonLd(
        business,
        { name: title, description: page.seo.description, path },
        AREA_SERVED,
        notes.map((note) => ({
          name: note.label === "Typical price" ? title : note.label,
          range: list[note.type],
        })),
      ),
      ...(faq ? [faqJsonLd(faq.items)] : []),
      locksmithJsonLd(business, { areaNames: AREA_NAMES }),
    ],
  }));
  return {
    kind: "found" as const,
    meta,
    breadcrumb: ownBreadcrumb(path),
    page,
    icon: service?.icon,
    prices: notes,
    afterHours: afterHoursPriceNote(afterHours),
  };
}

/** Found pages may sit in the CDN and page cache; a 404 must not be kept. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("X-Robots-Tag") ? NOT_FOUND_HEADERS : publicPageHeaders();
}

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind !== "found") return <NotFound />;
  const { page } = loaderData;
  return (
    <>
      <ServiceHero
        page={page}
        icon={loaderData.icon}
        prices={loaderData.prices}
        afterHours={loaderData.afterHours}
      />
      <ServiceSections blocks={page.blocks} closing={page.closing} />
    </>
  );
}

/** Promises every service shares; worded as on the city pages so the site says one thing. */
const TRUST_POINTS = [
  { icon: "clock", text: "Open 24/7" },
  { icon: "badge-check", text: "Licensed & insured" },
  { icon: "dollar-sign", text: "Upfront pricing" },
] as const satisfies readonly { icon: IconName; text: string }[];

function ServiceHero({
  page,
  icon,
  prices,
  afterHours,
}: {
  page: ServiceDetailContent;
  icon?: IconName;
  /** The usual ranges from the office's price list, each with what it is for. */
  prices: PriceNote[];
  /** The after-hours rate's sentence, when the business charges one. */
  afterHours: string | null;
}) {
  const { hero } = page;
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <Container className="py-14 sm:py-20">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">
          {icon && <Icon name={icon} className="size-4" aria-hidden="true" />}
          {hero.eyebrow}
        </p>
        <h1 className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {hero.heading}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">{hero.text}</p>
        {prices.map((note) => (
          <p key={note.label} className="mt-4 text-lg">
            <span className="text-slate-300">{note.label}: </span>
            <span className="font-bold text-white">{note.price}</span>
            <span className="text-slate-300">, agreed before any work starts</span>
          </p>
        ))}
        {afterHours && <p className="mt-2 max-w-2xl text-base text-slate-200">{afterHours}</p>}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {hero.ctas.map((cta, index) => {
            const variant = index === 0 ? "accent" : "outline-light";
            // The number itself, as on the home page: a visitor sees what they will dial.
            return cta.action === "call" ? (
              <CallButton key={cta.label} size="lg" variant={variant} />
            ) : (
              <CtaButton key={cta.label} cta={cta} size="lg" variant={variant} />
            );
          })}
        </div>
        <TrustPoints points={TRUST_POINTS} />
      </Container>
    </section>
  );
}
