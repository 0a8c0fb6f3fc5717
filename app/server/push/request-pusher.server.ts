import { leadAnnouncementText } from "~/lib/leads/lead-announcement";
import type { Db } from "../db/database.server";
import type { Announcements } from "../live/event-stream.server";
import { logger } from "../logger.server";
import { claimPush } from "../models/push-subscriptions.server";
import { pushToOperators, type PushSender } from "./push-sender.server";

/**
 * Every new request (website or phone) pushed to the operators' devices, once: each
 * process hears it from the announcement feed, the first to claim it sends it. Runs for
 * the life of the process; the returned function stops it.
 */
export function pushNewRequests(db: Db, announcements: Announcements, sender: PushSender) {
  return announcements.subscribe((announcement) => {
    if (announcement.event !== "lead") return;
    const lead = announcement.data;
    const { title, description } = leadAnnouncementText(lead);
    claimPush(db, `lead:${announcement.id}`)
      .then((claimed) =>
        claimed
          ? pushToOperators(db, sender, {
              title,
              body: description,
              url: `/admin/leads/${lead.id}`,
              tag: `lead-${lead.id}`,
            })
          : null,
      )
      .catch((error: Error) => logger.error({ err: error }, "Pushing a new request failed"));
  });
}
