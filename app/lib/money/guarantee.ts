import type { ServiceType } from "../business-enums";
import { formatDate } from "../format";
import { addDays, chicagoDay, chicagoMidnight } from "../time/chicago-period";
import type { PriceList, PriceRange } from "./price-list";

/*
 * The service guarantee (issue 45, decision 0065): the one source of its terms, for the terms
 * page, the receipt and the customer's page. A completed job is guaranteed for GUARANTEE_DAYS
 * Chicago days after the day it was completed, through the end of the last one; within that
 * time the office opens a guarantee call-back, a lead linked to the job whose work is free
 * unless the locksmith gives a quote with a reason (and the customer approves it).
 */

/** How long the work is guaranteed, in days after the day it was completed. */
export const GUARANTEE_DAYS = 90;

/** The terms in a sentence: the same words on the terms page, the receipt and the customer's page. */
export const GUARANTEE_TERMS = `If something is not right with our work, call us within ${GUARANTEE_DAYS} days of the job and we come back to make it right at no charge. Parts we supplied are covered for the same ${GUARANTEE_DAYS} days; damage or wear from other causes is not.`;

/** What a guarantee call-back lead is called in the source column, on its pages and in reports. */
export const GUARANTEE_CALLBACK_SOURCE = "Guarantee call-back";

/** The instant the guarantee of work completed at `completedAt` ends (midnight after its last day). */
export function guaranteeEndsAt(completedAt: Date | string): Date {
  const lastDay = addDays(chicagoDay(new Date(completedAt)), GUARANTEE_DAYS);
  return chicagoMidnight(addDays(lastDay, 1));
}

/** "May 3, 2027": the guarantee's last day, Chicago's date. */
export function guaranteeLastDay(completedAt: Date | string): string {
  const lastDay = addDays(chicagoDay(new Date(completedAt)), GUARANTEE_DAYS);
  // Noon of that day: a Chicago date whatever the offset.
  return formatDate(new Date(chicagoMidnight(lastDay).getTime() + 12 * 3_600_000));
}

/** Whether work completed at `completedAt` is still guaranteed at `now`. */
export function guaranteeOpen(completedAt: Date | string, now: Date): boolean {
  return now.getTime() < guaranteeEndsAt(completedAt).getTime();
}

/** "Guaranteed until May 3, 2027", or that it ended. */
export function guaranteeLine(completedAt: Date | string, now: Date): string {
  const last = guaranteeLastDay(completedAt);
  return guaranteeOpen(completedAt, now)
    ? `Guaranteed through ${last}`
    : `The guarantee ended on ${last}`;
}

export const GUARANTEE_TEXT = {
  notCompleted: "Only a completed job is guaranteed: complete the job first.",
  ended: (lastDay: string) =>
    `The guarantee on this job ended on ${lastDay}: new work is a new paid job. Add it as a new lead.`,
  noPhone:
    "This job has no customer phone on file: add the call-back as a lead by hand, and name the job in its notes.",
  reason:
    "A guarantee call-back is free: say why this one is charged, for the customer (it waits for the office to confirm it)",
  usualPrice: "A guarantee call-back is free: the work is covered by the service guarantee.",
} as const;

/**
 * The price rules of a quote on a guarantee call-back: its usual price is $0, so any price
 * above it needs a reason (`reasonRange`), and is beyond the sanity bounds (`boundsRange`): it
 * waits for the office before the customer sees it. $0 itself is within both.
 */
export const GUARANTEE_RANGE: PriceRange = { lowCents: 0, highCents: 0 };

/** The usual price a lead's quote and final price are held to: $0 for a guarantee call-back. */
export function leadPriceRange(
  prices: PriceList,
  lead: { serviceType: ServiceType; guaranteeJobId: string | null },
): PriceRange {
  return lead.guaranteeJobId ? GUARANTEE_RANGE : prices[lead.serviceType];
}
