import { readCustomerPage } from "~/server/customers/customer-page.server";
import { receiptPdfResponse } from "~/server/money/receipt-response.server";
import { readReceiptBusiness } from "~/server/money/receipts.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/receipt-pdf";
import { customerLinkGone } from "./customer-actions.server";

/* /t/:token/receipt.pdf — the customer's receipt as a PDF. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const page = await readCustomerPage(database.db, params.token);
  if (!page?.receipt) customerLinkGone();
  return receiptPdfResponse(page.receipt, await readReceiptBusiness(database.db, env));
}
