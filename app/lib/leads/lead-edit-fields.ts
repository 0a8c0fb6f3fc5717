/*
 * The lead's fields the lead page edits (saved by lead-edits.ts). Apart from it: the page's
 * form needs the names, not the phone parsing that saving does (decision 0040).
 */

export const EDITABLE_LEAD_FIELDS = [
  "name",
  "phone",
  "serviceType",
  "zip",
  "address",
  "details",
] as const;
export type EditableLeadField = (typeof EDITABLE_LEAD_FIELDS)[number];
export type LeadFieldValues = Record<EditableLeadField, string | null>;
