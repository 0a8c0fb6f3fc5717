import { formatDateTime } from "../format";
import {
  COLLECTOR_LABELS,
  CUSTOMER_PAYMENT_LABELS,
  type Collector,
  type CustomerPaymentMethod,
} from "./collection";
import { formatCents } from "./money";

/*
 * A completed job's receipt (issue 29): the same lines on the customer's page, the receipt
 * page, its PDF and the office's copy, so they can never disagree.
 */

export interface ReceiptFacts {
  jobId: string;
  service: string;
  locksmithName: string | null;
  /** The locksmith's own license, when one was on file and live on the day of the work. */
  locksmithLicense: string | null;
  completedAt: Date | string;
  address: string | null;
  quotedCents: number | null;
  finalPriceCents: number;
  paymentMethod: CustomerPaymentMethod | null;
  collectedBy: Collector;
  /** When the customer paid through the card pay link (Stripe's signed webhook), if they did. */
  cardPaidAt: Date | string | null;
}

/** The receipt as label/value lines, in order. */
export function receiptLines(
  receipt: ReceiptFacts,
  businessName: string,
  license?: string,
): [label: string, value: string][] {
  return [
    ["Business", businessName],
    ...(license ? [["License", license] as [string, string]] : []),
    ["Receipt", receipt.jobId.slice(0, 8).toUpperCase()],
    ["Service", receipt.service],
    ["Locksmith", receipt.locksmithName ?? "Our locksmith"],
    ...(receipt.locksmithLicense
      ? [["Locksmith's license", receipt.locksmithLicense] as [string, string]]
      : []),
    ["Date", formatDateTime(receipt.completedAt)],
    ["Address", receipt.address ?? "Not given"],
    ["Approved quote", receipt.quotedCents === null ? "None" : formatCents(receipt.quotedCents)],
    ["Final price", formatCents(receipt.finalPriceCents)],
    ["Paid by", receiptPayment(receipt)],
    ["Collected by", receiptCollector(receipt.collectedBy, receipt.locksmithName)],
  ];
}

/** "Cash", "Card on site", …; a pay link says whether the card payment came, and when. */
function receiptPayment(receipt: ReceiptFacts): string {
  if (!receipt.paymentMethod) return "Not recorded";
  if (receipt.paymentMethod !== "pay_link") return CUSTOMER_PAYMENT_LABELS[receipt.paymentMethod];
  return receipt.cardPaidAt
    ? `Card (pay link), paid ${formatDateTime(receipt.cardPaidAt)}`
    : "Card (pay link), not paid yet";
}

function receiptCollector(collectedBy: Collector, locksmithName: string | null): string {
  if (collectedBy === "locksmith" && locksmithName) return `${locksmithName}, the locksmith`;
  return COLLECTOR_LABELS[collectedBy];
}

/** "receipt-1a2b3c4d.pdf". */
export function receiptFileName(jobId: string): string {
  return `receipt-${jobId.slice(0, 8)}.pdf`;
}
