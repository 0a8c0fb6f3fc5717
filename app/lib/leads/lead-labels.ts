import {
  SERVICE_TYPES,
  type LeadSource,
  type LeadStatus,
  type ServiceType,
} from "../business-enums";

/**
 * `emergency` is shown as "Emergency Lockout" (docs/spec/back-office.md §3); the rest read as their
 * names.
 */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  emergency: "Emergency Lockout",
  residential: "Residential",
  commercial: "Commercial",
  automotive: "Automotive",
  rekeying: "Rekeying",
  smart_locks: "Smart Locks",
  key_duplication: "Key Duplication",
  safes: "Safes",
};

/**
 * The service as it reads inside a sentence to the customer ("your car lock service is done",
 * "the price for your home lock service"): the back office's labels are column headings.
 */
export const SERVICE_IN_A_SENTENCE: Record<ServiceType, string> = {
  emergency: "emergency lockout",
  residential: "home lock service",
  commercial: "business lock service",
  automotive: "car lock service",
  rekeying: "rekeying",
  smart_locks: "smart lock installation",
  key_duplication: "key copying",
  safes: "safe service",
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  assigned: "Assigned",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  phone: "Phone",
  web: "Website",
  manual: "Added by hand",
};

/** What a lead without a name is called everywhere ('Unknown', docs/spec/back-office.md §3). */
export const UNKNOWN_NAME = "Unknown";

export function leadDisplayName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : UNKNOWN_NAME;
}

export function serviceTypeLabel(type: ServiceType): string {
  return SERVICE_TYPE_LABELS[type];
}

/**
 * The service types a search text points at: case-insensitive substring of the label the
 * admin sees ("lockout" finds emergency) or of the stored value ("smart_locks").
 */
export function serviceTypesMatching(query: string): ServiceType[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const spaced = needle.replace(/_/g, " ");
  return SERVICE_TYPES.filter((type) => {
    const label = SERVICE_TYPE_LABELS[type].toLowerCase();
    return label.includes(spaced) || type.includes(needle);
  });
}
