import { actorLabel, type ActorKind } from "../activity";
import { formatCents } from "../money/money";
import { formatPhone } from "../phone";

/*
 * Settings → Sources as the page shows them, and its changes as the activity log keeps and
 * tells them (issue 30, decision 0039): who added a source or a number, who changed a
 * month's spend, and from what.
 */

export interface SourceView {
  id: string;
  name: string;
  numbers: string[];
  /** "2026-11-01" → cents, the months entered. */
  spend: Record<string, number>;
}

/** The activity log's entity for the sources' changes. */
export const SOURCE_ENTITY = "source";

export type SourceChange =
  | { action: "source_added"; name: string }
  | { action: "source_deleted"; name: string; numbers: number; months: number }
  | { action: "number_added" | "number_removed"; name: string; phone: string }
  | {
      action: "spend_set";
      name: string;
      /** "2026-11-01" */
      month: string;
      amountCents: number;
      previousCents: number | null;
    }
  | { action: "spend_imported"; months: number; sources: number };

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "November 2026" from "2026-11-01". */
function monthName(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** One change, as a sentence. */
export function describeSourceChange(change: SourceChange): string {
  switch (change.action) {
    case "source_added":
      return `Added the source ${change.name}`;
    case "source_deleted":
      return `Deleted the source ${change.name}, with ${plural(change.numbers, "tracking number")} and ${plural(change.months, "month")} of spend`;
    case "number_added":
      return `Added ${formatPhone(change.phone)} to ${change.name}`;
    case "number_removed":
      return `Removed ${formatPhone(change.phone)} from ${change.name}`;
    case "spend_set":
      return `Set ${change.name}'s spend for ${monthName(change.month)} to ${formatCents(change.amountCents)}${
        change.previousCents === null ? "" : ` (was ${formatCents(change.previousCents)})`
      }`;
    case "spend_imported":
      return `Imported ${plural(change.months, "month")} of spend for ${plural(change.sources, "source")}`;
  }
}

export interface SourceChangeRow {
  at: Date | string;
  actorKind: ActorKind;
  actorName: string | null;
  change: unknown;
}

/** A logged change as the page lists it: when, who, what. */
export function sourceChangeLine(row: SourceChangeRow) {
  return {
    at: new Date(row.at).toISOString(),
    who: actorLabel({ kind: row.actorKind, name: row.actorName }),
    what: describeSourceChange(row.change as SourceChange),
  };
}
