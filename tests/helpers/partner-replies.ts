import { ne } from "drizzle-orm";
import { claimDueTimers } from "~/server/background/timers.server";
import type { Db } from "~/server/db/database.server";
import { timers } from "~/server/db/night-watch-tables.server";
import type { NotifyContext } from "~/server/night-watch/notify-operators.server";
import { fireTimer, type NightWatchDeps } from "~/server/night-watch/timer-worker.server";

/**
 * Fires the due timers of one partner's replies (`lsa_reply`, `thumbtack_reply`) through
 * `replies`, with night-watch deps that place no call and push nothing; a new lead's own
 * timers (its push, its offers) are deleted first, as not the reply tests' business.
 * Returns how many fired.
 */
export async function fireDueReplies(
  db: Db,
  kind: "lsa_reply" | "thumbtack_reply",
  replies: Pick<NightWatchDeps, "lsaReply" | "thumbtackReply">,
  now: Date,
): Promise<number> {
  const deps: NightWatchDeps = {
    db,
    context: async () => ({}) as NotifyContext,
    voice: () => undefined,
    push: async () => ({ sent: 0, dropped: 0, failed: 0, done: [] }),
    ...replies,
  };
  await db.delete(timers).where(ne(timers.kind, kind));
  const claimed = await claimDueTimers(db, { limit: 5, leaseMs: 30_000, now });
  for (const timer of claimed) await fireTimer(deps, timer, {} as NotifyContext);
  return claimed.length;
}
