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
  completedAt: Date | string;
  address: string | null;
  quotedCents: number | null;
  finalPriceCents: number;
  paymentMethod: CustomerPaymentMethod | null;
  collectedBy: Collector;
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
    ["Date", formatDateTime(receipt.completedAt)],
    ["Address", receipt.address ?? "Not given"],
    ["Approved quote", receipt.quotedCents === null ? "None" : formatCents(receipt.quotedCents)],
    ["Final price", formatCents(receipt.finalPriceCents)],
    [
      "Paid by",
      receipt.paymentMethod ? CUSTOMER_PAYMENT_LABELS[receipt.paymentMethod] : "Not recorded",
    ],
    ["Collected by", receiptCollector(receipt.collectedBy, receipt.locksmithName)],
  ];
}

function receiptCollector(collectedBy: Collector, locksmithName: string | null): string {
  if (collectedBy === "locksmith" && locksmithName) return `${locksmithName}, the locksmith`;
  return COLLECTOR_LABELS[collectedBy];
}

/** "receipt-1a2b3c4d.pdf". */
export function receiptFileName(jobId: string): string {
  return `receipt-${jobId.slice(0, 8)}.pdf`;
}
