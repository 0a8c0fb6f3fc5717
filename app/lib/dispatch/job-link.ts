/*
 * What the locksmith's job page (/j/:token) allows, from the facts of its dispatch: the
 * link opens until the dispatch code expires; once accepted, while the job is open and for
 * 7 days after it closes (to look back at it), read only by then. Declining, a dispatch to
 * someone else, or the operator taking the job back revoke it.
 */

export const LINK_READABLE_DAYS_AFTER_CLOSE = 7;
const DAY_MS = 86_400_000;

export const JOB_LINK_ACTIONS = ["accept", "decline", "on_my_way", "arrived", "complete"] as const;
export type JobLinkAction = (typeof JOB_LINK_ACTIONS)[number];

/** Where the locksmith is with the job, as the page heads it. */
export type JobLinkStage = "offered" | "accepted" | "on_the_way" | "arrived" | "closed";

export interface JobLinkFacts {
  expiresAt: Date;
  acceptedAt: Date | null;
  onTheWayAt: Date | null;
  arrivedAt: Date | null;
  revokedAt: Date | null;
  jobClosedAt: Date | null;
}

export type JobLinkAccess =
  { open: false } | { open: true; stage: JobLinkStage; actions: readonly JobLinkAction[] };

export function jobLinkAccess(link: JobLinkFacts, now: Date): JobLinkAccess {
  if (link.revokedAt) return { open: false };
  if (link.jobClosedAt) {
    const readableUntil = link.jobClosedAt.getTime() + LINK_READABLE_DAYS_AFTER_CLOSE * DAY_MS;
    return now.getTime() < readableUntil
      ? { open: true, stage: "closed", actions: [] }
      : { open: false };
  }
  if (!link.acceptedAt) {
    return now < link.expiresAt
      ? { open: true, stage: "offered", actions: ["accept", "decline"] }
      : { open: false };
  }
  if (link.arrivedAt) return { open: true, stage: "arrived", actions: ["complete"] };
  // On the way, a new estimate may be sent; until they arrive they may still hand it back.
  return {
    open: true,
    stage: link.onTheWayAt ? "on_the_way" : "accepted",
    actions: ["on_my_way", "arrived", "complete", "decline"],
  };
}
