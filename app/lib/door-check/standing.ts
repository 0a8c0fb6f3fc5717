import type { JobStatus, ServiceType } from "../business-enums";
import { formatDateTime } from "../format";
import type { StatementWay } from "./check-form";
import type { DoorCheckOutcome } from "./outcome";
import { OPENED_THING_LABELS, opensSomething, type OpenedThing } from "./opens";

/*
 * The door check of a job as the office reads it on the lead and the Jobs page (issue 49,
 * decision 0069): what was checked, by whom and when, never the record's contents (the ID's
 * type and digits, the VIN, the names: only an owner opens those, and each opening is logged).
 *
 * - checked: the statement is in; the quote and the completion were open.
 * - refused: the locksmith found no proof and ended the job unpaid.
 * - skipped: the job was completed with no check done (the office's own status and pricing
 *   screens are not gated, or the customer never gave the statement asked of their phone).
 * - not_checked: the job is still open and has no finished check yet.
 * - none: the job was cancelled before any check: nothing was opened.
 *
 * A report counts openings by the first three.
 */

export const DOOR_CHECK_STANDINGS = [
  "checked",
  "skipped",
  "refused",
  "not_checked",
  "none",
] as const;
export type DoorCheckStanding = (typeof DOOR_CHECK_STANDINGS)[number];

/** What the lists read of a job's door check (its row in door_checks, dates as they arrive). */
export interface DoorCheckFacts {
  outcome: DoorCheckOutcome;
  opened: OpenedThing | null;
  statementWay: StatementWay | null;
  /** A check read out by phone: the office user it was reported to (the log's actor). */
  reportedTo?: string | null;
  hadVin: boolean;
  recordedAt: Date | string;
  statementAt: Date | string | null;
  locksmithName: string | null;
  purged: boolean;
}

export interface DoorCheckWords {
  standing: DoorCheckStanding;
  /** "Checked", "Skipped", "Refused", "Not checked yet", "No check". */
  label: string;
  /** The sentence after the label. */
  detail: string;
}

export const DOOR_CHECK_STANDING_LABELS: Record<DoorCheckStanding, string> = {
  checked: "Checked",
  skipped: "Skipped",
  refused: "Refused",
  not_checked: "Not checked yet",
  none: "No check",
};

export const SKIP_REASONS = {
  noRecord: "the job was completed with no check recorded",
  noStatement: "the job was completed before the customer gave the statement asked of their phone",
} as const;

const byWhom = (name: string | null) => (name ? `by ${name}` : "by a locksmith no longer listed");

/**
 * The words for a job's door check, or undefined for a job that opens nothing (a smart lock
 * fitted to an open door, a copy of a key in hand).
 */
export function doorCheckWords(
  job: { jobType: ServiceType; status: JobStatus },
  check: DoorCheckFacts | null,
): DoorCheckWords | undefined {
  if (!opensSomething(job.jobType)) return undefined;
  const words = (standing: DoorCheckStanding, detail: string): DoorCheckWords => ({
    standing,
    label: DOOR_CHECK_STANDING_LABELS[standing],
    detail,
  });
  if (check?.outcome === "checked") {
    const at = formatDateTime(check.statementAt ?? check.recordedAt);
    if (check.purged || !check.opened) {
      return words(
        "checked",
        `${byWhom(check.locksmithName)} on ${at}; the record's details were purged after its retention.`,
      );
    }
    const signed = statementWords(check);
    const vin = check.hadVin ? ", with its VIN and plate" : "";
    return words(
      "checked",
      `${byWhom(check.locksmithName)} on ${at}: photo ID, a document of authority and the customer's statement (${signed}), for ${OPENED_THING_LABELS[check.opened].toLowerCase()}${vin}.`,
    );
  }
  if (check?.outcome === "refused" || job.status === "refused") {
    const at = check ? ` on ${formatDateTime(check.recordedAt)}` : "";
    const who = check ? ` ${byWhom(check.locksmithName)}` : "";
    return words("refused", `no proof of identity or authority${who}${at}; the job ended unpaid.`);
  }
  if (job.status === "completed") {
    return words(
      "skipped",
      check?.outcome === "awaiting_statement" ? SKIP_REASONS.noStatement : SKIP_REASONS.noRecord,
    );
  }
  if (job.status === "cancelled") {
    return words("none", "the job was cancelled before a check; nothing was opened.");
  }
  return words(
    "not_checked",
    check?.outcome === "awaiting_statement"
      ? `the ID and the document are recorded ${byWhom(check.locksmithName)}; the customer's statement waits on their phone. The quote stays locked until it comes.`
      : "the quote and the completion stay locked until the locksmith records it, or the office records it by phone.",
  );
}

/** How the statement was given, as the lists say it. */
function statementWords(check: DoorCheckFacts): string {
  switch (check.statementWay) {
    case "customer_link":
      return "signed on the customer's own phone";
    case "by_phone":
      return `given out loud, not signed; reported by phone to ${check.reportedTo ?? "the office"}`;
    default:
      return "signed on the locksmith's screen";
  }
}

/**
 * The office's gate (decision 0075): Edit Pricing, a completion and what follows them wait, as
 * the locksmith's page does, for the check of a job that opens something, and a refused opening
 * ends unpaid. A job completed before this gate without a check keeps its money (it shows as
 * Skipped). The server refuses with these words; the Jobs list says them instead of the control.
 */
export const OFFICE_GATE = {
  locked:
    "No door check is recorded for this job yet: record the check the locksmith reads out by phone, then price or complete it",
  refused: "This opening was refused at the door for lack of proof: the job ends unpaid",
} as const;

export function officeGate(
  job: { jobType: ServiceType; status: JobStatus },
  outcome: DoorCheckOutcome | null | undefined,
): string | undefined {
  if (job.status === "refused" || outcome === "refused") return OFFICE_GATE.refused;
  if (job.status === "completed" || !opensSomething(job.jobType) || outcome === "checked") {
    return undefined;
  }
  return OFFICE_GATE.locked;
}
