import { eq } from "drizzle-orm";
import { normalizeUsPhone } from "~/lib/phone-parse";
import { z } from "zod";
import { serviceAreas } from "~/content/service-areas";
import type { Actor } from "~/lib/activity";
import { SERVICE_TYPES, type ServiceType } from "~/lib/business-enums";
import type { LatestWordChanges } from "~/lib/leads/latest-word";
import { readFirstTouch, WEBSITE_SOURCE, webSourceName } from "~/lib/leads/first-touch";
import {
  HONEYPOT_FIELD,
  REQUEST_MESSAGES as M,
  REQUEST_RATE_LIMIT,
  REQUEST_FIELDS,
  type RequestField,
} from "~/lib/leads/service-request";
import { leads, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { customerFor } from "../customers/customers.server";
import { createLead, pushRequestToOperators, type LeadAttribution } from "./leads.server";
import { lockPhone, recentOpenLead, takeLatestWord } from "./latest-word.server";
import type { TextContext } from "../texting/outbox.server";
import { consumeRateLimit } from "../db/rate-limit.server";
import { restartLadderForCustomer } from "../night-watch/escalation-ladder.server";

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
  // Optional: where the receipt's copy is mailed on completion (issue 44).
  email: z
    .string()
    .trim()
    .max(200, M.email)
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email(M.email).optional()),
  serviceType: z.enum(SERVICE_TYPES, { error: M.serviceType }),
  zip: z
    .string({ error: M.zip })
    .trim()
    .regex(/^\d{5}$/, M.zip),
  address: z
    .string()
    .trim()
    .max(200, M.address)
    .optional()
    .transform((value) => value || undefined),
  details: z
    .string()
    .trim()
    .max(1000, M.details)
    .optional()
    .transform((value) => value || undefined),
  // "Text me updates about this request": unticked unless the visitor ticks it.
  textConsent: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

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
 * lead with source `web` (or joined to the phone's open lead, see storeWebRequest). Nothing
 * is stored unless everything passed. `texts` reads the texting context, when a locksmith
 * is to be told of a new address.
 */
export async function submitServiceRequest(
  db: Db,
  formData: FormData,
  clientIp: string,
  texts?: () => Promise<TextContext>,
  requestPage?: string,
): Promise<ServiceRequestResult> {
  const values: RequestValues = {};
  for (const field of REQUEST_FIELDS) {
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
  // Where the visit began (decision 0039): a bad hidden value is dropped, never refused.
  const touch = readFirstTouch(formData);
  const { lead } = await storeWebRequest(db, request, await texts?.(), {
    ...touch,
    sourceName: webSourceName(touch),
    requestPage,
  });
  return {
    status: "created",
    leadId: lead.id,
    serviceType: request.serviceType,
    zip: request.zip,
    outsideArea: !isServedZip(request.zip),
  };
}

/** A visitor is the customer, through the website's form. */
const WEBSITE: Actor = { kind: "customer", name: "Website form" };

type WebRequest = Omit<z.output<typeof serviceRequestSchema>, "textConsent" | "email"> & {
  textConsent?: boolean;
  email?: string;
};

/**
 * Stores a web request. The same phone with an open lead (new, assigned or in progress) made
 * in the last 24 hours: the request joins that lead instead of making a second one, and what
 * it says new (address, ZIP, service, notes) replaces the lead's (the customer's latest word,
 * decision 0027), the locksmith who has the lead being texted a new address when `texts` is
 * given. Requests from one phone are serialised (a transaction-scoped advisory lock), so two
 * sent at once make one lead between them.
 */
export async function storeWebRequest(
  db: Db,
  request: WebRequest,
  texts?: TextContext,
  attribution: LeadAttribution = { sourceName: WEBSITE_SOURCE },
): Promise<{ lead: Lead; joined: boolean; changes: LatestWordChanges }> {
  const { email, ...said } = request;
  return db.transaction(async (tx) => {
    await lockPhone(tx, request.phone);
    const customer = await customerFor(tx, request.phone, {
      name: request.name,
      address: request.address,
    });
    const open = await recentOpenLead(tx, customer?.id);
    if (open) {
      // Asked for texts this time: the open lead's updates are texted from now on.
      if (request.textConsent && !open.textConsent) {
        await tx.update(leads).set({ textConsent: true }).where(eq(leads.id, open.id));
      }
      // An address given this time is where the receipt goes (the latest one wins).
      if (email && email !== open.email) {
        await tx.update(leads).set({ email }).where(eq(leads.id, open.id));
      }
      const taken = await takeLatestWord(tx, open.id, said, WEBSITE, { via: "web", texts });
      if (Object.keys(taken.changes).length === 0) {
        await recordActivity(tx, {
          actor: WEBSITE,
          entity: "lead",
          entityId: open.id,
          action: "web_request_again",
          after: { ...request },
          leadId: open.id,
        });
      }
      await pushRequestToOperators(tx, taken.lead, new Date());
      // Asking again while nobody has the request: wake people again, from the first rung.
      await restartLadderForCustomer(tx, taken.lead.id, new Date());
      return { lead: taken.lead, joined: true, changes: taken.changes };
    }
    // A request that joins an open lead keeps that lead's first touch: it came first.
    const lead = await createLead(tx, { ...said, email, source: "web", attribution }, WEBSITE);
    return { lead, joined: false, changes: {} };
  });
}
