/**
 * Business facts: the one source for every claim on the site. Name, phone, email and
 * city come from configuration (env.server.ts) and reach pages through the root loader.
 */
export const FOUNDED_YEAR = 2009;

export const facts = {
  averageArrivalMinutes: 15,
  emergencyMaxMinutes: 30,
  chicagoArrival: "10-15",
  suburbArrival: "15-20",
  happyCustomers: "5,000+",
  licensedAndInsured: "100%",
} as const;

export const mostJobsUnder = 200;

export const paymentMethods = ["Cash", "Credit card", "Debit card"] as const;

/** "cash, credit card, or debit card", from the one list of payment methods. */
export const paymentMethodsText = new Intl.ListFormat("en-US", { type: "disjunction" }).format(
  paymentMethods.map((method) => method.toLowerCase()),
);

export const promises = [
  "No trip charges",
  "Free estimates",
  "Upfront pricing",
  "Service guarantee",
  "Senior and military discounts",
  "Payment plans for larger projects",
] as const;

export function yearsInBusiness(now = new Date()): number {
  return now.getFullYear() - FOUNDED_YEAR;
}

/** What the root loader hands to every page: configuration the visitor may see. */
export interface BusinessContact {
  name: string;
  phone: string; // display form
  phoneHref: string; // tel:+1...
  smsHref: string; // sms:+1...
  email: string;
  city: string;
  siteUrl: string;
  /**
   * "Illinois locksmith agency license 127.001234", from AGENCY_LICENSE_NUMBER; undefined
   * while the business has not set it, and then no license number is shown anywhere.
   */
  license?: string;
}

/** Who issues the business's license: the business is in Illinois (the spec's service area). */
export const LICENSE_ISSUER = "Illinois locksmith agency license";
