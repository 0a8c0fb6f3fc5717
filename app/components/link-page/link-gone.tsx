import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { BusinessContact } from "~/content/business";
import { LinkPageShell } from "./link-page-shell";

/** The business's contact details, from the root loader (every page has them). */
export function useRootBusiness(): BusinessContact {
  return (useRouteLoaderData("root") as { business: BusinessContact }).business;
}

/**
 * What a texted link shows when it does not open (unknown, expired, used, revoked): why,
 * in a sentence, and the business's phone as the way on.
 */
export function LinkGone({
  error,
  heading,
  reasons,
  callFor,
}: {
  error: unknown;
  heading: string;
  reasons: string;
  callFor: string;
}) {
  const business = useRootBusiness();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <LinkPageShell business={business}>
      <h1 className="text-2xl font-extrabold tracking-tight">
        {gone ? heading : "Something went wrong"}
      </h1>
      <p className="mt-3">
        {gone ? reasons : "The page could not be loaded. Try again in a moment."} {callFor}
      </p>
      <p className="mt-4">
        <a
          href={business.phoneHref}
          className="inline-flex h-14 w-full items-center justify-center rounded-lg bg-brand-700 text-lg font-semibold text-white"
        >
          Call {business.phone}
        </a>
      </p>
    </LinkPageShell>
  );
}
