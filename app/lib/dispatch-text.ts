import { formatDateTime } from "./format";
import { formatPhone } from "./phone";

export interface DispatchDetails {
  businessName: string;
  customerName: string;
  phone: string;
  address: string | null;
  zip: string | null;
  service: string;
  details: string | null;
  code: string;
  expiresAt: Date | string;
  /** The locksmith's job page, once there is one. */
  link?: string | null;
}

/**
 * The text that sends a locksmith to a job: who, where, what, and the dispatch code, short
 * enough to read on a phone at a door. Plain lines, no formatting that SMS would mangle.
 */
export function dispatchText(job: DispatchDetails): string {
  const where =
    [job.address, job.zip].filter(Boolean).join(", ") || "Address not given: call the customer";
  return [
    `${job.businessName}: new job, code ${job.code}`,
    `Customer: ${job.customerName}, ${formatPhone(job.phone)}`,
    `Where: ${where}`,
    `Service: ${job.service}`,
    ...(job.details ? [`Notes: ${job.details}`] : []),
    `Code valid until ${formatDateTime(job.expiresAt)}`,
    ...(job.link ? [`Job page: ${job.link}`] : []),
  ].join("\n");
}
