/*
 * An offer's deadline, the same in every place the locksmith reads it (issue 46, decision
 * 0057): the text ("Answer by 11:42 PM"), their own page and the job page (the time, and a
 * countdown kept by a small island). An office offer stands this long; an automatic offer
 * as long as Settings → Night watch says. Past it the offer is expired and blocks no one.
 */

/** How long an offer the office sends stands before it expires unanswered. */
export const OFFICE_OFFER_MINUTES = 10;

/** When an office offer sent at `now` expires. */
export function officeOfferDeadline(now: Date): Date {
  return new Date(now.getTime() + OFFICE_OFFER_MINUTES * 60_000);
}

/** "9:58 left", "1:02:05 left", or "Time is up" once the deadline has passed. */
export function countdownText(deadline: Date, now: Date): string {
  const seconds = Math.ceil((deadline.getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return "Time is up";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${rest} left`
    : `${minutes}:${rest} left`;
}
