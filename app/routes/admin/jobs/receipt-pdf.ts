import { data } from "react-router";
import { RULE } from "~/lib/ui-text";
import { readReceipt, readReceiptBusiness } from "~/server/money/receipts.server";
import { receiptPdfResponse } from "~/server/money/receipt-response.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/receipt-pdf";

/* The office's copy of a completed job's receipt (signed in: the admin layout checks). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const receipt = await readReceipt(database.db, params.id);
  if (!receipt) throw data(RULE.jobGone, { status: 404 });
  return receiptPdfResponse(receipt, await readReceiptBusiness(database.db, env));
}
