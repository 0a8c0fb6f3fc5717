import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { PushNotice } from "~/lib/push/push-notice";
import { user } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import { pushSubscriptions } from "../db/messaging-tables.server";
import { scheduleTimer } from "../background/timers.server";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  device: string;
}

/** An operator's devices at most: a new one beyond it drops their oldest (issue 47). */
export const MAX_PUSH_DEVICES = 10;

/**
 * Keeps a browser's subscription for an operator. The same endpoint again (the page asks
 * each time it opens) updates its keys; an endpoint another operator had on a shared device
 * moves to whoever subscribed last. An operator keeps MAX_PUSH_DEVICES at most: one push is
 * never a fan-out of connections. The endpoint and keys are checked by the caller
 * (push-endpoint.server.ts).
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  subscription: NewPushSubscription,
): Promise<PushSubscriptionRow> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    device: subscription.device,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return row!;
  });
}

export function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
}

/** Removes one of the operator's own devices; false when it is not theirs (or gone). */
export async function removePushSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Every device of every approved operator (owners and admins; not those awaiting approval). */
export function operatorPushSubscriptions(db: Db): Promise<PushSubscriptionRow[]> {
  return db
    .select({ subscription: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(user, eq(user.id, pushSubscriptions.userId))
    .where(inArray(user.role, ["owner", "admin"]))
    .then((rows) => rows.map((row) => row.subscription));
}

/** The push service said the subscription is gone (404/410): it never comes back. */
export async function dropPushSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function markPushed(db: Db, endpoint: string, at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastPushedAt: at })
    .where(eq(pushSubscriptions.endpoint, endpoint));
}

/**
 * A notice for every approved operator's devices, sent once, after this transaction commits:
 * a night-watch timer (decision 0028) that one worker fires, whichever process it runs in.
 * `key` names the reason (one push per new request, one per alert).
 */
export async function queueOperatorPush(
  tx: Db,
  key: string,
  notice: PushNotice,
  leadId: string | null,
  now = new Date(),
): Promise<void> {
  await scheduleTimer(tx, {
    kind: "operator_push",
    key: `operator_push:${key}`,
    dueAt: now,
    leadId,
    payload: { ...notice },
  });
}
