import { formatDateTime } from "../format";
import { chicagoWallClock } from "../time/chicago-clock";
import type { CardMoneyKind, RefundState } from "./card-payments";
import { CUSTOMER_PAYMENT_LABELS, type Collector, type CustomerPaymentMethod } from "./collection";
import { GUARANTEE_TERMS, guaranteeLastDay } from "./guarantee";
import { instalmentLine, type InstalmentView } from "./payment-plan";
import { formatCents } from "./money";
import { isDiscountLine, type ApprovalWay, type QuoteLine } from "./quote";

/*
 * A completed job's receipt (issue 29; made fit for an insurer or a card dispute in issue 44,
 * decision 0053): the same receipt on the customer's page, the receipt page, its PDF, the
 * e-mailed copy and the office's copy, so they can never disagree. Built here from plain
 * facts: the business (legal name, address, phone, e-mail, license), the customer and the
 * labelled service address, the items of the quote the customer last approved, a discount
 * down to the final price, tax where the owner configured it (prices include it), every
 * payment and refund with its date, method and who holds the money, the balance, and all
 * times in Chicago time with the zone written out.
 */

/** The kinds of line a tax rate is set for (Settings → Receipts). */
export const TAX_LINE_KINDS = ["labor", "parts"] as const;
export type TaxLineKind = (typeof TAX_LINE_KINDS)[number];

export const TAX_LINE_KIND_LABELS: Record<TaxLineKind, string> = {
  labor: "Labor and service",
  parts: "Parts and hardware",
};

/**
 * A rate per kind of line, in thousandths of a percent (10.25% is 10_250); a kind left out
 * has no rate configured (the default: no tax line at all).
 */
export type TaxRates = Partial<Record<TaxLineKind, number>>;

/** The most a rate can be: 30%. */
export const TAX_RATE_MAX = 30_000;

/** "10.25%" from 10_250. */
export function formatTaxRate(rate: number): string {
  return `${(rate / 1000).toFixed(3).replace(/\.?0+$/, "")}%`;
}

/**
 * Which kind a quote line is: parts and hardware when its label names a thing handed over
 * (a key, a lock, a cylinder…), otherwise labor and service. A quote has no kind of its own
 * for a line; the words the locksmith typed are what there is (decision 0053).
 */
const PARTS_WORDS =
  /\b(keys?|locks?|deadbolts?|cylinders?|parts?|hardware|fobs?|transponders?|remotes?|blanks?|knobs?|handles?|levers?|strikes?|hinges?|batter(y|ies)|safes?|padlocks?|smart ?locks?)\b/i;

export function lineKind(label: string): TaxLineKind {
  return PARTS_WORDS.test(label) ? "parts" : "labor";
}

export interface ReceiptPayment {
  kind: CardMoneyKind;
  amountCents: number;
  at: Date | string;
  /** Refunds only: where Stripe has it. */
  refundState?: RefundState | null;
}

export interface ReceiptFacts {
  jobId: string;
  service: string;
  /** The name on the job (the customer's). */
  customerName: string | null;
  locksmithName: string | null;
  /** The locksmith's own license, when one was on file and live on the day of the work. */
  locksmithLicense: string | null;
  completedAt: Date | string;
  /** Where the work was done (street, ZIP). */
  address: string | null;
  /** The quote the customer last approved (a raise waiting on them does not replace it). */
  approvedQuote: {
    amountCents: number;
    lines: QuoteLine[] | null;
    /** How the customer approved it (their phone, a texted code, a signature). */
    approvedWay?: ApprovalWay | null;
    approvedAt: Date | string | null;
  } | null;
  finalPriceCents: number;
  paymentMethod: CustomerPaymentMethod | null;
  collectedBy: Collector;
  /** Card money as Stripe moved it: payments and refunds, oldest first. */
  cardMoney: ReceiptPayment[];
  /** Whether the locksmith checked ID and the right to enter before opening (issue 49). */
  identityChecked?: boolean;
  /**
   * A payment plan (issue 45): its live instalments, and `today` (Chicago) to tell due from
   * overdue; absent or empty for none.
   */
  plan?: { instalments: InstalmentView[]; today: string };
  /** Plan instalments the office recorded as paid in cash or by check (any plan), oldest first. */
  planCash?: { number: number; amountCents: number; at: Date | string; method: "cash" | "check" }[];
}

/** What the receipt says of the business: its settings and configuration. */
export interface ReceiptBusiness {
  /** The trading name ("Lockline Locksmith"). */
  name: string;
  /** The legal name (Settings → Receipts); the trading name when not set. */
  legalName?: string | null;
  /** The business's address (Settings → Receipts); left out when not set. */
  address?: string | null;
  phone: string;
  email: string;
  /** "Illinois locksmith agency license 127.001234", when set. */
  license?: string;
  taxRates?: TaxRates;
}

export type ReceiptRow = [label: string, value: string];

export interface ReceiptItem {
  label: string;
  kind: TaxLineKind | "discount";
  amount: string;
  cents: number;
}

export interface ReceiptMoneyRow {
  date: string;
  what: string;
  amount: string;
  /** Who holds this money now. */
  heldBy: string;
}

export interface Receipt {
  number: string;
  business: ReceiptRow[];
  job: ReceiptRow[];
  items: ReceiptItem[];
  /** Approved quote, discount, tax lines, final price. */
  totals: ReceiptRow[];
  payments: ReceiptMoneyRow[];
  balance: ReceiptRow;
  /** Sentences under the receipt (how tax is counted, the price promise). */
  notes: string[];
  /** The service guarantee: its terms and the day it runs to (issue 45, decision 0065). */
  guarantee: { terms: string; through: string };
  /** The payment plan, an instalment a row ("1. Dec 15, 2026", "$200.00: paid …"); [] for none. */
  plan: ReceiptRow[];
}

/** "CST" or "CDT": Chicago's zone at that instant, from the time-zone data's offset. */
export function chicagoZone(instant: Date): string {
  const clock = chicagoWallClock(instant);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
  const offsetHours = Math.round((wall - minute) / 3_600_000);
  return offsetHours === -5 ? "CDT" : offsetHours === -6 ? "CST" : `UTC${offsetHours}`;
}

/** "Nov 23, 2026, 2:00 PM CST": Chicago time with its zone, as a receipt must say. */
export function receiptTime(value: Date | string): string {
  return `${formatDateTime(value)} ${chicagoZone(new Date(value))}`;
}

/** The receipt's number: the job's short id ("3F2A9C1E"), the same on every copy. */
export function receiptNumber(jobId: string): string {
  return jobId.slice(0, 8).toUpperCase();
}

const paid = (facts: ReceiptFacts) => facts.paymentMethod && facts.paymentMethod !== "pay_link";

/**
 * The item that takes the approved quote down to a lower final price (the totals show it
 * too). A senior, military or other discount the customer approved is a line of the quote.
 */
export const PRICE_LOWERED = "Discount";

/** The items the customer approved, and a discount down to the final price. */
function receiptItems(facts: ReceiptFacts): ReceiptItem[] {
  const quote = facts.approvedQuote;
  const lines: QuoteLine[] =
    quote?.lines && quote.lines.length > 0
      ? quote.lines
      : [{ label: facts.service, cents: quote?.amountCents ?? facts.finalPriceCents }];
  const items: ReceiptItem[] = lines.map((line) => ({
    label: line.label,
    // A senior, military or other discount the customer approved is a line of its own.
    kind: isDiscountLine(line) ? "discount" : quote?.lines?.length ? lineKind(line.label) : "labor",
    cents: line.cents,
    amount: formatCents(line.cents),
  }));
  const listed = lines.reduce((sum, line) => sum + line.cents, 0);
  if (facts.finalPriceCents < listed) {
    const cents = facts.finalPriceCents - listed;
    items.push({ label: PRICE_LOWERED, kind: "discount", cents, amount: formatCents(cents) });
  }
  return items;
}

/**
 * The tax in the final price per configured kind: the kind's lines, their share of any
 * discount taken off, and the rate's part of that (prices include tax).
 */
export function taxLines(
  items: readonly ReceiptItem[],
  finalPriceCents: number,
  rates: TaxRates = {},
): { kind: TaxLineKind; rate: number; cents: number }[] {
  const listed = items.filter((item) => item.kind !== "discount");
  const listedCents = listed.reduce((sum, item) => sum + item.cents, 0);
  const share = listedCents > 0 ? Math.min(1, finalPriceCents / listedCents) : 0;
  return TAX_LINE_KINDS.flatMap((kind) => {
    const rate = rates[kind];
    if (rate === undefined) return [];
    const base = listed.filter((item) => item.kind === kind).reduce((s, i) => s + i.cents, 0);
    const charged = base * share;
    return [{ kind, rate, cents: Math.round((charged * rate) / (100_000 + rate)) }];
  });
}

function moneyRows(facts: ReceiptFacts, business: ReceiptBusiness): ReceiptMoneyRow[] {
  const rows: ReceiptMoneyRow[] = [];
  const businessHolds = `${business.name}, the business`;
  if (paid(facts)) {
    rows.push({
      date: receiptTime(facts.completedAt),
      what: `Paid: ${CUSTOMER_PAYMENT_LABELS[facts.paymentMethod!].toLowerCase()}`,
      amount: formatCents(facts.finalPriceCents),
      heldBy:
        facts.collectedBy === "locksmith"
          ? `${facts.locksmithName ?? "Our locksmith"}, the locksmith`
          : businessHolds,
    });
  }
  for (const cash of facts.planCash ?? []) {
    rows.push({
      date: receiptTime(cash.at),
      what: `Paid: ${cash.method}, instalment ${cash.number}`,
      amount: formatCents(cash.amountCents),
      heldBy: businessHolds,
    });
  }
  for (const money of facts.cardMoney) {
    if (money.kind === "payment") {
      rows.push({
        date: receiptTime(money.at),
        what: "Paid: card (pay link)",
        amount: formatCents(money.amountCents),
        heldBy: businessHolds,
      });
    } else {
      const state =
        money.refundState === "succeeded"
          ? "Refunded to the card"
          : money.refundState === "failed"
            ? "Refund to the card failed (not given back)"
            : "Refund to the card, on its way";
      rows.push({
        date: receiptTime(money.at),
        what: state,
        amount: formatCents(-money.amountCents),
        heldBy: money.refundState === "failed" ? businessHolds : "The customer",
      });
    }
  }
  return rows;
}

/** Price less what came in, plus what went (or is going) back. */
export function receiptBalanceCents(facts: ReceiptFacts): number {
  let balance = facts.finalPriceCents - (paid(facts) ? facts.finalPriceCents : 0);
  for (const cash of facts.planCash ?? []) balance -= cash.amountCents;
  for (const money of facts.cardMoney) {
    if (money.kind === "payment") balance -= money.amountCents;
    else if (money.refundState !== "failed") balance += money.amountCents;
  }
  return balance;
}

/** How the customer approved, as the receipt says it. */
export const RECEIPT_APPROVAL_WORDS: Record<ApprovalWay, string> = {
  customer_page: "Approved on the customer's phone",
  in_person: "Approved in person",
  customer_code: "Approved in person with the code texted to the customer",
  customer_signature: "Approved by signature on the locksmith's device",
};

/** The whole receipt, every copy's content. */
/** The receipt says a check was made, not what it saw (issue 49). */
export const RECEIPT_IDENTITY_NOTE =
  "Before opening, your locksmith checked a photo ID and proof of your right to enter. What they saw is kept by the business, not shown here.";

export function buildReceipt(facts: ReceiptFacts, business: ReceiptBusiness): Receipt {
  const items = receiptItems(facts);
  const taxes = taxLines(items, facts.finalPriceCents, business.taxRates);
  const quote = facts.approvedQuote;
  const lowered = items.find((item) => item.label === PRICE_LOWERED);
  const balance = receiptBalanceCents(facts);
  const notes: string[] = [];
  if (taxes.length > 0) notes.push("Prices include tax; the tax lines show the part that is tax.");
  if (quote) notes.push("The final price is never more than the quote you approved.");
  if (facts.identityChecked) notes.push(RECEIPT_IDENTITY_NOTE);
  return {
    number: receiptNumber(facts.jobId),
    business: [
      ["Business", business.legalName || business.name],
      ...(business.legalName && business.legalName !== business.name
        ? [["Trading as", business.name] as ReceiptRow]
        : []),
      ...(business.address ? [["Address", business.address] as ReceiptRow] : []),
      ["Phone", business.phone],
      ["E-mail", business.email],
      ...(business.license ? [["License", business.license] as ReceiptRow] : []),
    ],
    job: [
      ["Receipt number", receiptNumber(facts.jobId)],
      ["Customer", facts.customerName || "Not given"],
      ["Service address", facts.address ?? "Not given"],
      ["Service", facts.service],
      ["Locksmith", facts.locksmithName ?? "Our locksmith"],
      ...(facts.locksmithLicense
        ? [["Locksmith's license", facts.locksmithLicense] as ReceiptRow]
        : []),
      ["Completed", receiptTime(facts.completedAt)],
    ],
    items,
    totals: [
      [
        "Approved quote",
        quote
          ? `${formatCents(quote.amountCents)}${quote.approvedAt ? `, approved ${receiptTime(quote.approvedAt)}` : ""}`
          : "None",
      ],
      ...(quote?.approvedWay
        ? [
            [
              "Approval",
              `${RECEIPT_APPROVAL_WORDS[quote.approvedWay]}${quote.approvedAt ? `, ${receiptTime(quote.approvedAt)}` : ""}`,
            ] as ReceiptRow,
          ]
        : []),
      ...(lowered ? [[PRICE_LOWERED, lowered.amount] as ReceiptRow] : []),
      ...taxes.map(({ kind, rate, cents }): ReceiptRow => [
        `Tax included, ${TAX_LINE_KIND_LABELS[kind].toLowerCase()} (${formatTaxRate(rate)})`,
        formatCents(cents),
      ]),
      ["Final price", formatCents(facts.finalPriceCents)],
    ],
    payments: moneyRows(facts, business),
    balance:
      balance < 0
        ? ["Refund due to you", formatCents(-balance)]
        : ["Balance due", formatCents(balance)],
    notes,
    guarantee: {
      terms: GUARANTEE_TERMS,
      through: `Guaranteed through ${guaranteeLastDay(facts.completedAt)}`,
    },
    plan: (facts.plan?.instalments ?? []).map((instalment) =>
      instalmentLine(instalment, facts.plan!.today),
    ),
  };
}

/** The heading of the receipt's payment plan. */
export const PLAN_HEADING = "Payment plan";

/** The heading of the receipt's guarantee. */
export const GUARANTEE_HEADING = "Service guarantee";

/** What the receipt says when nothing has been paid: no one "holds" any money. */
export const NOTHING_PAID = "Nothing paid yet";

/** The receipt as plain text (the e-mailed copy): every section, in order. */
export function receiptText(receipt: Receipt): string {
  const rows = (list: readonly ReceiptRow[]) => list.map(([label, value]) => `${label}: ${value}`);
  return [
    `Receipt ${receipt.number}`,
    "",
    ...rows(receipt.business),
    "",
    ...rows(receipt.job),
    "",
    "Items:",
    ...receipt.items.map((item) => `  ${item.label}: ${item.amount}`),
    ...rows(receipt.totals),
    "",
    "Payments:",
    ...(receipt.payments.length === 0
      ? [`  ${NOTHING_PAID}`]
      : receipt.payments.map(
          (row) => `  ${row.date}: ${row.what}, ${row.amount} (held by ${row.heldBy})`,
        )),
    `${receipt.balance[0]}: ${receipt.balance[1]}`,
    ...(receipt.plan.length
      ? ["", `${PLAN_HEADING}:`, ...rows(receipt.plan).map((row) => `  ${row}`)]
      : []),
    ...(receipt.notes.length ? ["", ...receipt.notes] : []),
    "",
    `${GUARANTEE_HEADING}: ${receipt.guarantee.through}.`,
    receipt.guarantee.terms,
  ].join("\n");
}

/** "receipt-1a2b3c4d.pdf". */
export function receiptFileName(jobId: string): string {
  return `receipt-${jobId.slice(0, 8)}.pdf`;
}
