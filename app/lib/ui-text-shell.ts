/*
 * The messages of ui-text.ts that every hydrated page loads: the root's "database
 * unavailable" page and money formatting are in the first load of each back-office screen,
 * so these are kept apart from the rest, which only the screens and forms that show them
 * load (decision 0040).
 */

/** Amounts of money typed in a field. */
export const MONEY = {
  required: "Enter an amount",
  invalid: "Enter an amount like 125, 125.50 or $1,234.50",
  negative: "The amount cannot be negative",
  tooPrecise: "Use at most 2 decimal places",
  tooLarge: "Enter an amount up to $1,000,000.00",
} as const;

/** Answers to a request the server refuses before any route sees it (400, 413, 415, 503). */
export const REQUEST = {
  tooLarge: (limitBytes: number) =>
    `The request is too large: at most ${Math.floor(limitBytes / 1024)} KB is accepted here.`,
  unsupportedType: (accepted: readonly string[]) =>
    `This address takes ${accepted.join(" or ")}; the request was sent as something else.`,
  malformedForm: "The form could not be read. Reload the page and send it again.",
  malformedJson: "The request body is not valid JSON.",
  nulByte: "The request contains a NUL character (code 0), which no field accepts.",
  nulInAddress: "The address contains a NUL character (%00), which no page accepts.",
  hashingBusy: (seconds: number) =>
    `Too many sign-ins at this moment. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  databaseDown: "The database is not answering. Live updates resume once it is back.",
  databaseUnavailableTitle: "Database unavailable — retrying",
  databaseUnavailable: (seconds: number) =>
    `The office's database is not answering, so this page cannot be shown right now. It tries again every ${seconds} seconds by itself and shows the page once the database is back.`,
  databaseUnavailableSaved:
    "Whatever was being saved when it stopped answering was not saved: send it again once the page is back.",
  databaseUnavailableApp:
    "This page could not be opened: the office's database is not answering. It opens by itself once the database is back.",
  retryNow: "Try again now",
  uploadNeedsSignIn: "Sign in as a member of the team to upload a file.",
  tooManyFromAddress: (seconds: number) =>
    `Too many requests from your address. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
} as const;
