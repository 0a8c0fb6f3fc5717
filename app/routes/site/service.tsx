import { BadgeCheck, Clock, DollarSign } from "lucide-react";
import { data } from "react-router";
import { ClosingCta } from "~/components/site/closing-cta";
import { CtaButton } from "~/components/site/cta-button";
import { Container } from "~/components/site/section";
import { type BlockTone, ServiceBlockView } from "~/components/site/service-blocks";
import { getServicePage } from "~/content/service-pages";
import { getService, servicePath } from "~/content/services";
import type { ServiceDetailContent } from "~/content/types";
import { publicPageHeaders } from "~/lib/http";
import { businessFromMatches, pageMeta } from "~/lib/seo";
import { faqJsonLd, locksmithJsonLd, serviceJsonLd } from "~/lib/structured-data";
import NotFound from "./not-found";
import type { Route } from "./+types/service";

const AREA_NAMES = ["Chicago", "South Suburbs", "Southwest Suburbs"];
const AREA_SERVED = "Chicago, South Suburbs and Southwest Suburbs, IL";

/** Marks the 404 response so `headers` can tell it apart: HeadersArgs carries no status. */
const NOT_FOUND_HEADERS = { "X-Robots-Tag": "noindex" };

export function loader({ params, request }: Route.LoaderArgs) {
  const page = getServicePage(params.service);
  if (!page) {
    console.warn(`[404] ${new URL(request.url).pathname}`);
    return data({ kind: "missing" as const }, { status: 404, headers: NOT_FOUND_HEADERS });
  }
  // Content is bundled with the route module; sending it again as loader data would
  // double the page weight for nothing.
  return { kind: "found" as const, slug: page.slug };
}

/** Found pages may sit in the CDN and page cache; a 404 must not be kept. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("X-Robots-Tag") ? NOT_FOUND_HEADERS : publicPageHeaders();
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const business = businessFromMatches(matches);
  const page = loaderData?.kind === "found" ? getServicePage(loaderData.slug) : undefined;
  if (!page) {
    return [
      { title: `Page Not Found | ${business.name}` },
      { name: "description", content: "The page you're looking for doesn't exist." },
      { name: "robots", content: "noindex" },
    ];
  }
  const path = servicePath(page.slug);
  const faq = page.blocks.find((block) => block.kind === "faq");
  return pageMeta(business, {
    title: page.seo.title,
    description: page.seo.description,
    keywords: page.seo.keywords,
    path,
    jsonLd: [
      serviceJsonLd(
        business,
        {
          name: getService(page.slug)?.title ?? page.hero.heading,
          description: page.seo.description,
          path,
        },
        AREA_SERVED,
      ),
      ...(faq ? [faqJsonLd(faq.items)] : []),
      locksmithJsonLd(business, { areaNames: AREA_NAMES }),
    ],
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const page = loaderData.kind === "found" ? getServicePage(loaderData.slug) : undefined;
  if (!page) return <NotFound />;
  return (
    <>
      <ServiceHero page={page} />
      {page.blocks.map((block, index) => {
        // The band after the dark hero starts white; tones then alternate for rhythm.
        const tone: BlockTone = index % 2 === 0 ? "white" : "muted";
        return <ServiceBlockView key={`${block.kind}-${index}`} block={block} tone={tone} />;
      })}
      <ClosingCta
        heading={page.closing.heading}
        text={page.closing.text}
        ctas={page.closing.ctas}
      />
    </>
  );
}

/** Promises every service shares; worded as on the city pages so the site says one thing. */
const TRUST_POINTS = [
  { icon: Clock, text: "Open 24/7" },
  { icon: BadgeCheck, text: "Licensed & insured" },
  { icon: DollarSign, text: "Upfront pricing" },
] as const;

function ServiceHero({ page }: { page: ServiceDetailContent }) {
  const Icon = getService(page.slug)?.icon;
  const { hero } = page;
  return (
    <section className="from-brand-950 via-brand-900 to-brand-800 bg-gradient-to-br text-white">
      <Container className="py-14 sm:py-20">
        <p className="text-accent-300 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
          {Icon && <Icon className="size-4" aria-hidden="true" />}
          {hero.eyebrow}
        </p>
        <h1 className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {hero.heading}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-200">{hero.text}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {hero.ctas.map((cta, index) => (
            <CtaButton
              key={cta.label}
              cta={cta}
              size="lg"
              variant={index === 0 ? "accent" : "outline-light"}
            />
          ))}
        </div>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
          {TRUST_POINTS.map((point) => (
            <li key={point.text} className="flex items-center gap-2">
              <point.icon className="text-accent-300 size-4" aria-hidden="true" />
              {point.text}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
