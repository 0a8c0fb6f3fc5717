import type { ServiceSlug } from "~/content/types";
import type { ServiceType } from "../business-enums";

/** The field bots fill and people never see (hidden off-screen, not type=hidden). */
export const HONEYPOT_FIELD = "website";

/** The request form's fields, in the order it shows them. */
export const REQUEST_FIELDS = [
  "name",
  "phone",
  "email",
  "serviceType",
  "zip",
  "address",
  "details",
  "textConsent",
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

/** Five requests an hour per client IP (the limit). */
export const REQUEST_RATE_LIMIT = { window: 3600, max: 5 } as const;

/**
 * The request form's services as a customer asks for them. A lockout of any kind is one
 * service with one price (decision 0066), so a car lockout is not filed under car keys and
 * checked against the car-key range.
 */
export const REQUEST_SERVICE_LABELS: Record<ServiceType, string> = {
  emergency: "Lockout (home, car or business)",
  residential: "Home locks",
  commercial: "Business locks",
  automotive: "Car keys and fobs",
  rekeying: "Rekeying",
  smart_locks: "Smart locks",
  key_duplication: "Key duplication",
  safes: "Safes",
};

/** A callable-looking number that is nobody's (555-01xx), and never the business's own. */
export const EXAMPLE_PHONE = "(773) 555-0182";

export const REQUEST_MESSAGES = {
  name: "Tell us your name",
  phone: `Enter a US phone number we can call, e.g. ${EXAMPLE_PHONE}`,
  email: "Enter an e-mail address like name@example.com, or leave it empty",
  serviceType: "Choose the service you need",
  zip: "Enter your 5-digit ZIP code",
  address: "Keep the address under 200 characters",
  details: "Keep the details under 1,000 characters",
  honeypot: "This request looks automated, so it was not sent. Please call us instead.",
  rateLimited:
    "You've sent several requests in the last hour, so this one was not sent. Please call us instead.",
  failed: "We couldn't send your request just now. Please call us instead.",
} as const;

/** Said under the ZIP field, as it is typed, when the code is not one of the listed areas'. */
export function outsideAreaNotice(zip: string): string {
  return `${zip} is outside the areas we list, but send your request anyway: we'll check which locksmith can reach you.`;
}

/**
 * The website's 12 services map onto the back office's 8 lead service types; the specialty
 * ones (storage units, mailboxes, file cabinets, padlocks) go to the closest kind of job.
 */
export const SERVICE_TYPE_FOR_PAGE: Record<ServiceSlug, ServiceType> = {
  emergency: "emergency",
  residential: "residential",
  commercial: "commercial",
  automotive: "automotive",
  rekeying: "rekeying",
  "smart-locks": "smart_locks",
  "key-duplication": "key_duplication",
  safes: "safes",
  "storage-units": "residential",
  mailboxes: "residential",
  "file-cabinets": "commercial",
  padlocks: "residential",
};

/** "/request?service=rekeying&area=oak-lawn": where a request button leads from a page. */
export function requestPath(context: { service?: string; area?: string }): string {
  const params = new URLSearchParams();
  if (context.service) params.set("service", context.service);
  if (context.area) params.set("area", context.area);
  const query = params.toString();
  return query ? `/request?${query}` : "/request";
}

/** The service and area a page is about, read from its path. */
export function requestContextFromPath(pathname: string): { service?: string; area?: string } {
  const service = pathname.match(/^\/services\/([a-z-]+)\/?$/)?.[1];
  if (service && service in SERVICE_TYPE_FOR_PAGE) return { service };
  const area = pathname.match(/^\/service-areas\/([a-z0-9-]+)-locksmith\/?$/)?.[1];
  return area ? { area } : {};
}

/** A service parameter may be a page slug ("smart-locks") or a lead type ("smart_locks"). */
export function serviceTypeFromParam(
  value: string | null,
  known: readonly string[],
): ServiceType | undefined {
  if (!value) return undefined;
  if (value in SERVICE_TYPE_FOR_PAGE) return SERVICE_TYPE_FOR_PAGE[value as ServiceSlug];
  return known.includes(value) ? (value as ServiceType) : undefined;
}
