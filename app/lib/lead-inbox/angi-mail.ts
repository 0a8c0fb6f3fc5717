import { zipFromAddress } from "./partner-leads";

/*
 * Angi's lead e-mail (issue 51, decision 0073): the text part lists the customer's details as
 * "Label: value" lines. Labels vary between Angi's own mails and HomeAdvisor's older ones, so
 * each field has a few names; a value may run on over the next lines until the next label.
 */

export interface AngiLead {
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  zip: string | null;
  description: string | null;
}

const FIELDS: Record<Exclude<keyof AngiLead, "zip"> | "task", string[]> = {
  name: ["customer name", "customer", "name", "homeowner"],
  phone: ["phone", "phone number", "customer phone", "mobile", "cell"],
  email: ["email", "e-mail", "customer email"],
  address: ["address", "job address", "location", "service address", "project address"],
  task: ["task", "task name", "service", "service requested", "project"],
  description: ["job description", "description", "project details", "comments", "request"],
};

const LABEL = /^\s*([A-Za-z][A-Za-z /-]{1,30}?)\s*:\s*(.*)$/;

function fieldOf(label: string): keyof typeof FIELDS | undefined {
  const key = label.trim().toLowerCase();
  return (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).find((field) =>
    FIELDS[field].includes(key),
  );
}

/**
 * The lead in an Angi e-mail's text, or null when it names neither a phone nor a name (not a
 * lead: Angi's newsletters and receipts come to the same address).
 */
export function parseAngiLeadText(text: string): AngiLead | null {
  const found: Partial<Record<keyof typeof FIELDS, string>> = {};
  let current: keyof typeof FIELDS | undefined;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const labelled = LABEL.exec(line);
    const field = labelled ? fieldOf(labelled[1]!) : undefined;
    if (labelled && field) {
      current = found[field] === undefined ? field : undefined;
      if (current) found[current] = labelled[2]!.trim();
      continue;
    }
    if (labelled || line.trim() === "") {
      current = undefined;
      continue;
    }
    // A line that continues the field above it (an address's city line, a long description).
    if (current === "address" || current === "description") {
      const joiner = current === "address" ? ", " : " ";
      found[current] = found[current] ? `${found[current]}${joiner}${line.trim()}` : line.trim();
    }
  }
  const value = (field: keyof typeof FIELDS) => found[field]?.trim() || null;
  const lead = {
    name: value("name"),
    phone: value("phone"),
    email: value("email"),
    address: value("address"),
    description: [value("task"), value("description")].filter(Boolean).join(": ") || null,
  };
  if (!lead.name && !lead.phone) return null;
  return { ...lead, zip: zipFromAddress(lead.address) };
}
