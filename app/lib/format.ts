import { madeAtFirstUse } from "~/lib/made-at-first-use";

// Made at first use, not as the module loads (made-at-first-use.ts).
const dateTime = madeAtFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/Chicago",
    }),
);

const date = madeAtFirstUse(
  () => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "America/Chicago" }),
);

const time = madeAtFirstUse(
  () => new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "America/Chicago" }),
);

// ICU versions differ on the space before AM/PM (U+202F in newer ones): Node and the
// browser must print the same text or hydration fails.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** Dates in the business's time zone, the same on server and client. */
export function formatDateTime(value: Date | string): string {
  return plainSpaces(dateTime().format(new Date(value)));
}

export function formatDate(value: Date | string): string {
  return plainSpaces(date().format(new Date(value)));
}

/** "2:14 AM", Chicago time. */
export function formatTime(value: Date | string): string {
  return plainSpaces(time().format(new Date(value)));
}

/**
 * Job and call ids are shown shortened to their first 8 characters (docs/spec/back-office.md §9).
 */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
