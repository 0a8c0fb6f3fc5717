import type { LeadAnnouncement } from "../admin/live-events";

/*
 * A request that arrived by itself, told to the office: the same words in the page's toast
 * and on an operator's locked phone (Web Push), so the two never disagree.
 */

export function leadAnnouncementText(lead: LeadAnnouncement): {
  title: string;
  description: string;
} {
  if (lead.repeat) {
    return {
      title: "Web request again",
      description: `An open lead's caller wrote again: ${lead.service} in ${lead.area}`,
    };
  }
  return {
    title: lead.source === "web" ? "New web request" : "New phone lead",
    // "Nobody covers 60473 — nearest: …" when no locksmith covers the ZIP (decision 0029).
    description: `${lead.service} in ${lead.area}${lead.coverage ? `. ${lead.coverage}` : ""}`,
  };
}
