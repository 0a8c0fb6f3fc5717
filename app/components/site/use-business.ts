import { createContext, createElement, use, useMemo, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { BusinessContact } from "~/content/business";

const BusinessContext = createContext<BusinessContact | null>(null);

/**
 * Provides the business's configured name, phone and email (the root loader's data) to
 * the public pages. The value keeps its identity while the details stay the same, so
 * parts of a page that React does not hydrate (see deferred.tsx) are not disturbed each
 * time the router revalidates.
 */
export function BusinessProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as { business: BusinessContact } | undefined;
  if (!data) throw new Error("BusinessProvider needs the root loader's data.");
  const { name, phone, phoneHref, smsHref, email, city, siteUrl } = data.business;
  const business = useMemo(
    () => ({ name, phone, phoneHref, smsHref, email, city, siteUrl }),
    [name, phone, phoneHref, smsHref, email, city, siteUrl],
  );
  return createElement(BusinessContext, { value: business }, children);
}

/** The business's configured name, phone and email. */
export function useBusiness(): BusinessContact {
  const business = use(BusinessContext);
  if (!business) throw new Error("useBusiness needs a BusinessProvider (the site layout).");
  return business;
}
