import type { Actor } from "~/lib/activity";
import { recordActivity } from "../activity/activity.server";
import { scheduleTimer } from "../background/timers.server";
import type { Db } from "../db/database.server";
import { partnerMessages, type PartnerMessage } from "../db/partner-lead-tables.server";

/**
 * A reply to a partner's lead (Thumbtack, Google Local Services), kept as "sending" and
 * handed to its durable timer (`<provider>_reply`) in one transaction, with its activity entry.
 */
export function queuePartnerReply(
  db: Db,
  reply: {
    provider: "thumbtack" | "lsa";
    threadId: string;
    leadId: string;
    body: string;
    actor: Actor;
  },
): Promise<PartnerMessage> {
  const { provider, threadId, leadId, body, actor } = reply;
  const kind = `${provider}_reply` as const;
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(partnerMessages)
      .values({
        provider,
        threadId,
        direction: "out",
        body,
        status: "sending",
        authorName: actor.name ?? null,
      })
      .returning();
    await scheduleTimer(tx, {
      kind,
      key: `${kind}:${message!.id}`,
      dueAt: new Date(),
      leadId,
      payload: { messageId: message!.id },
    });
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: leadId,
      action: kind,
      after: { body },
      leadId,
    });
    return message!;
  });
}
