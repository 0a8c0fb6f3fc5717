import type { LocksmithAnnouncement } from "../admin/live-events";
import { formatCents } from "../money/money";

/*
 * What a locksmith did on the job page, told to everyone in the back office as it
 * happens (a toast with a link to the lead). Its shape is the stream's `locksmith` event
 * (live-events.ts).
 */

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
