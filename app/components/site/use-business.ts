import { useRouteLoaderData } from "react-router";
import type { BusinessContact } from "~/content/business";

/** The business's configured name, phone and email, from the root loader. */
export function useBusiness(): BusinessContact {
  const data = useRouteLoaderData("root") as { business: BusinessContact } | undefined;
  if (!data) throw new Error("useBusiness needs the root loader's data.");
  return data.business;
}
