import webpush from "web-push";
import { writeSettingIfAbsent } from "../db/app-settings.server";
import type { Db } from "../db/database.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's Web Push identity (VAPID), made at first start and kept in the database, so
 * every process signs with the same key and browsers' subscriptions outlive restarts. A
 * new key would orphan every subscription: it is never rotated by itself.
 */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  return writeSettingIfAbsent<VapidKeys>(db, "web_push_vapid", webpush.generateVAPIDKeys());
}
