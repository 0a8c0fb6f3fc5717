import { createContext, createElement, use, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { BusinessContact } from "~/content/business";

const BusinessContext = createContext<BusinessContact | null>(null);

/** Provides the business's configured name, phone and email (the root loader's data). */
export function BusinessProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as { business: BusinessContact } | undefined;
  if (!data) throw new Error("BusinessProvider needs the root loader's data.");
  return createElement(BusinessContext, { value: data.business }, children);
}

/** The business's configured name, phone and email. */
export function useBusiness(): BusinessContact {
  const business = use(BusinessContext);
  if (!business) throw new Error("useBusiness needs a BusinessProvider (the site layout).");
  return business;
}
