import { formatDateTime } from "../format";
import {
  COLLECTOR_LABELS,
  CUSTOMER_PAYMENT_LABELS,
  type Collector,
  type CustomerPaymentMethod,
} from "./collection";
import { formatCents } from "./money";
import type { ApprovalWay } from "./quote";

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
  /** How and when the customer approved the quote, when the receipt knows. */
  approval?: { way: ApprovalWay; at: Date | string | null } | null;
}

/** How the customer approved, as the receipt says it. */
export const RECEIPT_APPROVAL_WORDS: Record<ApprovalWay, string> = {
  customer_page: "Approved on the customer's phone",
  in_person: "Approved in person",
  customer_code: "Approved in person with the code texted to the customer",
  customer_signature: "Approved by signature on the locksmith's device",
};

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
    ...(receipt.approval
      ? [["Approval", receiptApproval(receipt.approval)] as [string, string]]
      : []),
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

function receiptApproval(approval: NonNullable<ReceiptFacts["approval"]>): string {
  const words = RECEIPT_APPROVAL_WORDS[approval.way];
  return approval.at ? `${words}, ${formatDateTime(approval.at)}` : words;
}

function receiptCollector(collectedBy: Collector, locksmithName: string | null): string {
  if (collectedBy === "locksmith" && locksmithName) return `${locksmithName}, the locksmith`;
  return COLLECTOR_LABELS[collectedBy];
}

/** "receipt-1a2b3c4d.pdf". */
export function receiptFileName(jobId: string): string {
  return `receipt-${jobId.slice(0, 8)}.pdf`;
}
