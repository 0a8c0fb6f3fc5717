/*
 * The customer's page keeps itself current while something is on its way to them (issue 44,
 * case 5): the server names the page's state with a short version, and a tiny island asks
 * for that version only (a HEAD request) every few seconds while the tab is in view,
 * reloading the page when it changed. Without JavaScript the page is the same, reloaded by
 * hand; no meta refresh, which would move a screen reader's place on a timer.
 */

/** Where the visit stands, as the customer's page heads it. */
export type VisitStage = "finding" | "assigned" | "on_the_way" | "arrived" | "done" | "closed";

/** The response header that carries the page's version. */
export const VISIT_VERSION_HEADER = "X-Visit-Version";

/** How often the island asks, while the tab is in view. */
export const VISIT_POLL_MS = 15_000;

/** A short name for the page's state: any change in what it shows changes it. */
export function visitVersion(shown: unknown): string {
  // FNV-1a, 32 bits: not a secret, only a fingerprint of what the page shows.
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(shown)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Whether the page is still waiting on something that can change without the customer:
 * a locksmith to be found or to arrive, a price to be given, a card payment to be confirmed.
 */
export function visitWatched(page: {
  stage: VisitStage;
  payLink: { amountCents: number } | null;
  receipt: unknown;
}): boolean {
  if (page.stage === "closed") return false;
  if (page.stage !== "done") return true;
  // Done: only a receipt still to come or a card payment still due can change by itself.
  return !page.receipt || (page.payLink !== null && page.payLink.amountCents > 0);
}
