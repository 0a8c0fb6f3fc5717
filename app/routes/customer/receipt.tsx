import { LinkGone, useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import { ReceiptCard } from "~/components/link-page/receipt-card";
import { buildReceipt } from "~/lib/money/receipt";
import type { PageHandle } from "~/lib/site/page-handle";
import { readReceiptBusiness } from "~/server/money/receipts.server";
import { readCustomerPage } from "~/server/customers/customer-page.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/receipt";
import { CUSTOMER_PAGE_HEADERS, customerLinkGone } from "./customer-actions.server";

/* /t/:token/receipt — the customer's receipt as a page of its own (to print or keep). */

export const handle: PageHandle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const page = await readCustomerPage(database.db, params.token);
  if (!page?.receipt) customerLinkGone();
  return { receipt: buildReceipt(page.receipt, await readReceiptBusiness(database.db, env)) };
}

export const headers = () => CUSTOMER_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Your receipt" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function ReceiptPage({ loaderData, params }: Route.ComponentProps) {
  const business = useRootBusiness();
  return (
    <LinkPageShell business={business}>
      <ReceiptCard receipt={loaderData.receipt} headingLevel="h1">
        <p className="mt-3 flex flex-wrap gap-4">
          <a
            className="font-semibold text-brand-700 underline"
            href={`/t/${params.token}/receipt.pdf`}
            download
          >
            Download it as a PDF
          </a>
          <a className="font-semibold text-brand-700 underline" href={`/t/${params.token}`}>
            Back to your visit
          </a>
        </p>
      </ReceiptCard>
    </LinkPageShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LinkGone
      error={error}
      heading="There is no receipt here"
      reasons="The link may have expired, or the job is not done yet."
      callFor="Call us for a copy:"
    />
  );
}
