import type { MetaDescriptor, RouterContextProvider } from "react-router";
import type { BusinessContact } from "~/content/business";
import { breadcrumbLabel } from "~/content/breadcrumb-labels";
import { pageMeta, type PageSeo } from "~/lib/site/seo";
import { businessContact } from "~/server/business.server";
import { servicesContext } from "~/server/route-helpers/context.server";

/**
 * The public pages make their <head> (title, description, canonical URL, social cards,
 * structured data) in their loaders and send it with their data; each route's `meta`
 * only returns it. The metadata code and the label lists it needs (every service and
 * area name, for breadcrumbs) so stay out of the JavaScript every page loads.
 */

/** The business as the pages show it: the same the root loader sends. */
export function siteBusiness(context: Readonly<RouterContextProvider>): BusinessContact {
  return businessContact(context.get(servicesContext).env);
}

export function pageHead(
  context: Readonly<RouterContextProvider>,
  seo: (business: BusinessContact) => PageSeo,
): MetaDescriptor[] {
  const business = siteBusiness(context);
  return pageMeta(business, seo(business));
}

/** The breadcrumb label of a page's own (last) path segment, for the layout's trail. */
export function ownBreadcrumb(pathname: string): string | undefined {
  const segments = pathname.split("/").filter(Boolean);
  const last = segments.at(-1);
  return last === undefined ? undefined : breadcrumbLabel(last, segments.length - 1);
}
