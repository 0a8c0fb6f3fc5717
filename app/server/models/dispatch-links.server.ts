import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { dispatchLinks } from "../db/messaging-tables.server";
import { newLinkToken } from "../links/link-tokens.server";

/*
 * The links that open a locksmith's job page: one per dispatch. Only the token's hash is
 * kept (app/server/links/link-tokens.server.ts), so the token exists in the text alone.
 */

/** Why a link stopped opening. */
type RevokedReason = "dispatched_again" | "reassigned" | "declined" | "unassigned";

/**
 * A new link for this dispatch, valid while its code is; the lead's earlier links stop
 * opening (the job went to someone else, or to the same person again with a new code).
 */
export async function openDispatchLink(
  tx: Db,
  dispatch: { leadId: string; locksmithId: string; dispatchCodeId: string; expiresAt: Date },
): Promise<string> {
  await revokeLeadLinks(tx, dispatch.leadId, "dispatched_again");
  const { token, hash } = newLinkToken();
  await tx.insert(dispatchLinks).values({ tokenHash: hash, ...dispatch });
  return token;
}

/**
 * The lead's live links stop opening; with `keepLocksmithId`, that locksmith's stay (an
 * assignment to the same person changes nothing for them).
 */
export async function revokeLeadLinks(
  tx: Db,
  leadId: string,
  reason: RevokedReason,
  keepLocksmithId?: string,
): Promise<void> {
  await tx
    .update(dispatchLinks)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(dispatchLinks.leadId, leadId),
        isNull(dispatchLinks.revokedAt),
        keepLocksmithId ? ne(dispatchLinks.locksmithId, keepLocksmithId) : undefined,
      ),
    );
}

/**
 * A job closed (completed or cancelled) or reopened: its link turns read-only for 7 days
 * from now, or back to working.
 */
export async function markLinkJobClosed(tx: Db, jobId: string, closed: boolean): Promise<void> {
  await tx
    .update(dispatchLinks)
    .set({ jobClosedAt: closed ? new Date() : null })
    .where(eq(dispatchLinks.jobId, jobId));
}
