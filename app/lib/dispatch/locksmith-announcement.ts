import { formatCents } from "../money/money";

/*
 * What a locksmith did on the job page, told to everyone in the back office as it
 * happens (a toast with a link to the lead).
 */

export const LOCKSMITH_ACTIONS = [
  "locksmith_accepted",
  "locksmith_declined",
  "locksmith_on_the_way",
  "locksmith_arrived",
  "locksmith_completed",
] as const;
export type LocksmithAction = (typeof LOCKSMITH_ACTIONS)[number];

export interface LocksmithAnnouncement {
  leadId: string;
  locksmith: string;
  action: LocksmithAction;
  minutes?: number;
  finalPriceCents?: number;
}

/** The toast's title and line; a decline is the one that needs the office to act. */
export function locksmithAnnouncementText(news: LocksmithAnnouncement): {
  title: string;
  description: string;
  urgent: boolean;
} {
  const who = news.locksmith;
  switch (news.action) {
    case "locksmith_accepted":
      return { title: "Job accepted", description: `${who} accepted the job.`, urgent: false };
    case "locksmith_declined":
      return {
        title: "Job declined",
        description: `${who} declined: the lead is back to New, unassigned.`,
        urgent: true,
      };
    case "locksmith_on_the_way":
      return {
        title: "Locksmith on the way",
        description: news.minutes
          ? `${who} is on the way, about ${news.minutes} minutes out.`
          : `${who} is on the way.`,
        urgent: false,
      };
    case "locksmith_arrived":
      return { title: "Locksmith arrived", description: `${who} is on site.`, urgent: false };
    case "locksmith_completed":
      return {
        title: "Job completed",
        description:
          news.finalPriceCents === undefined
            ? `${who} completed the job.`
            : `${who} completed the job for ${formatCents(news.finalPriceCents)}.`,
        urgent: false,
      };
  }
}
