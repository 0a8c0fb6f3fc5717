import { normalizeUsPhone } from "~/lib/phone";
import { z } from "zod";
import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPES, type ServiceType } from "~/lib/business-enums";
import { HONEYPOT_FIELD, REQUEST_MESSAGES as M, REQUEST_RATE_LIMIT } from "~/lib/service-request";
import type { Database } from "../db/database.server";
import { createLead } from "./leads.server";
import { consumeRateLimit } from "../http/rate-limit.server";

/** A US number in any common spelling, stored as E.164 (+13125550147). */
const usPhone = z
  .string({ error: M.phone })
  .trim()
  .transform((value, context) => {
    const e164 = normalizeUsPhone(value);
    if (e164) return e164;
    context.addIssue({ code: "custom", message: M.phone });
    return z.NEVER;
  });

export const serviceRequestSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(100, M.name),
  phone: usPhone,
  serviceType: z.enum(SERVICE_TYPES, { error: M.serviceType }),
  zip: z
    .string({ error: M.zip })
    .trim()
    .regex(/^\d{5}$/, M.zip),
  details: z
    .string()
    .trim()
    .max(1000, M.details)
    .optional()
    .transform((value) => value || undefined),
});

const FIELDS = ["name", "phone", "serviceType", "zip", "details"] as const;
export type RequestField = (typeof FIELDS)[number];
export type RequestValues = Partial<Record<RequestField, string>>;

export type ServiceRequestResult =
  | {
      status: "created";
      leadId: string;
      serviceType: ServiceType;
      zip: string;
      outsideArea: boolean;
    }
  | { status: "invalid"; fieldErrors: Partial<Record<RequestField, string>>; values: RequestValues }
  | { status: "refused"; message: string; values: RequestValues };

/** Whether a ZIP is one of the service areas' (a request from elsewhere is still taken). */
export function isServedZip(zip: string): boolean {
  return serviceAreas.some((area) => area.zipCodes.includes(zip));
}

/**
 * A visitor's request, from the website's form: refused when the hidden honeypot field is
 * filled or the client IP sent 5 in the last hour, otherwise validated and stored as a new
 * lead with source `web`. Nothing is stored unless everything passed.
 */
export async function submitServiceRequest(
  db: Database,
  formData: FormData,
  clientIp: string,
): Promise<ServiceRequestResult> {
  const values: RequestValues = {};
  for (const field of FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  if (String(formData.get(HONEYPOT_FIELD) ?? "").trim() !== "") {
    return { status: "refused", message: M.honeypot, values };
  }
  const parsed = serviceRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<RequestField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RequestField;
      fieldErrors[field] ??= issue.message;
    }
    return { status: "invalid", fieldErrors, values };
  }
  const limit = await consumeRateLimit(db, `request:${clientIp || "unknown"}`, REQUEST_RATE_LIMIT);
  if (!limit.allowed) return { status: "refused", message: M.rateLimited, values };
  const request = parsed.data;
  const lead = await createLead(db, { ...request, source: "web" });
  return {
    status: "created",
    leadId: lead.id,
    serviceType: request.serviceType,
    zip: request.zip,
    outsideArea: !isServedZip(request.zip),
  };
}
