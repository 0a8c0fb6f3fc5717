/**
 * What the layout of every page shows of the services and areas (footer, breadcrumbs):
 * slugs, titles and names only, so the full records in services.ts and service-areas.ts
 * stay out of the JavaScript every page loads. site-index.test.ts keeps these equal to the
 * full records.
 */
import type { ServiceSlug } from "./types";

/** The eight services linked from the footer, city pages and the about page. */
export const mainServiceSlugs: readonly ServiceSlug[] = [
  "emergency",
  "residential",
  "commercial",
  "automotive",
  "rekeying",
  "smart-locks",
  "key-duplication",
  "safes",
];

export function servicePath(slug: ServiceSlug): string {
  return `/services/${slug}`;
}

/** Service card titles by slug (services.ts). */
export const serviceTitles: Readonly<Record<ServiceSlug, string>> = {
  emergency: "Emergency Lockout Service",
  residential: "Residential Locksmith",
  commercial: "Commercial Locksmith",
  automotive: "Automotive Locksmith",
  rekeying: "Lock Rekeying",
  "smart-locks": "Smart Lock Installation",
  "key-duplication": "Key Duplication",
  safes: "Safe Services",
  "storage-units": "Storage Unit Locks",
  mailboxes: "Mailbox Locks",
  "file-cabinets": "File Cabinet Locks",
  padlocks: "Padlock Services",
};

/** Breadcrumb labels of the first path segment. */
export const sectionLabels: Readonly<Record<string, string>> = {
  services: "Services",
  "service-areas": "Service Areas",
  about: "About",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
};
