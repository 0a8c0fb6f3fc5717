import type { MetaDescriptor } from "react-router";
import type { BusinessContact } from "~/content/business";
import { breadcrumbLabel } from "~/content/breadcrumb-labels";
import { breadcrumbTrail } from "./breadcrumbs";
import { breadcrumbJsonLd } from "./structured-data";

export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export interface PageSeo {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** The canonical path of the page, e.g. "/services/emergency". */
  path: string;
  noindex?: boolean;
  jsonLd?: readonly Record<string, unknown>[];
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

/** The business contact from the root loader, for meta functions. */
export function businessFromMatches(matches: readonly (MatchLike | undefined)[]): BusinessContact {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { business?: BusinessContact } | undefined;
  if (!data?.business) throw new Error("Root loader data is missing.");
  return data.business;
}

/**
 * Title, description, keywords, canonical URL, Open Graph and Twitter tags, and JSON-LD
 * (breadcrumbs added for paths that show them) for one page.
 */
export function pageMeta(business: BusinessContact, seo: PageSeo): MetaDescriptor[] {
  const url = `${business.siteUrl}${seo.path}`;
  const image = `${business.siteUrl}${OG_IMAGE.path}`;
  const imageAlt = `${business.name}: 24/7 locksmith, Chicago and suburbs`;
  const trail = breadcrumbTrail(seo.path, breadcrumbLabel);
  const jsonLd = [
    ...(seo.jsonLd ?? []),
    ...(trail ? [breadcrumbJsonLd(trail, business.siteUrl)] : []),
  ];
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    ...(seo.keywords?.length ? [{ name: "keywords", content: seo.keywords.join(", ") }] : []),
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
