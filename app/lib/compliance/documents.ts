import type { FileType } from "./file-type";
import { daysUntil, isLapsed, shortDay, type ComplianceKind } from "./lapse";

/*
 * How the office sees a compliance file (issue 45, decision 0064): the words of each
 * document kind, and where each stands today.
 */

export const COMPLIANCE_KIND_LABELS: Record<ComplianceKind, string> = {
  insurance: "Insurance",
  bond: "Bond",
  background_check: "Background check",
};

/** Per kind, what its provider and reference fields are called, and whether it expires. */
export const COMPLIANCE_KIND_FIELDS: Record<
  ComplianceKind,
  { provider: string; reference: string | null; amount: string | null; expires: boolean }
> = {
  insurance: {
    provider: "Insurer",
    reference: "Policy number",
    amount: "Coverage",
    expires: true,
  },
  bond: { provider: "Surety", reference: "Bond number", amount: "Bond amount", expires: true },
  background_check: { provider: "Provider", reference: null, amount: null, expires: false },
};

/** What a compliance document says, as the office records it. */
export interface ComplianceFacts {
  kind: ComplianceKind;
  provider: string | null;
  reference: string | null;
  amountCents: number | null;
  expiresOn: string | null;
  checkedOn: string | null;
}

export interface ComplianceDocumentView extends ComplianceFacts {
  id: string;
  file: { id: string; type: FileType; sizeBytes: number; uploadedAt: string } | null;
}

/** "Ann Ray insurance", "Business bond": what a file is called in the log and a download. */
export function documentWords(holder: string | null, kind: ComplianceKind | null): string {
  return `${holder ?? "Business"} ${kind ? COMPLIANCE_KIND_LABELS[kind].toLowerCase() : "document"}`;
}

export type DocumentStanding = "missing" | "valid" | "expiring" | "expired";

/** Within this many days of its last day, a document reads "expiring". */
export const EXPIRING_DAYS = 30;

/** Where a document stands on `today`: missing, valid, expiring within 30 days, or expired. */
export function documentStanding(
  doc: Pick<ComplianceDocumentView, "expiresOn"> | undefined,
  today: string,
): DocumentStanding {
  if (!doc) return "missing";
  if (!doc.expiresOn) return "valid";
  if (isLapsed(doc.expiresOn, today)) return "expired";
  return daysUntil(doc.expiresOn, today) <= EXPIRING_DAYS ? "expiring" : "valid";
}

/** "1.2 MB", "340 KB". */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "Missing", "Valid until Feb 28, 2027", "Expires in 12 days", "Expired Nov 3". */
export function standingText(
  standing: DocumentStanding,
  doc: Pick<ComplianceDocumentView, "expiresOn"> | undefined,
  today: string,
): string {
  const day = doc?.expiresOn ? shortDay(doc.expiresOn, today) : "";
  switch (standing) {
    case "missing":
      return "Not on file";
    case "valid":
      return doc?.expiresOn ? `Valid until ${day}` : "On file";
    case "expiring": {
      const left = daysUntil(doc!.expiresOn!, today);
      return left === 0
        ? "Expires today"
        : `Expires in ${left} day${left === 1 ? "" : "s"} (${day})`;
    }
    case "expired":
      return `Expired ${day}`;
  }
}
