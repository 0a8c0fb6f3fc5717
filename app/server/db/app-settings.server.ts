import { eq } from "drizzle-orm";
import type { Db } from "./database.server";
import { appSettings } from "./app-tables.server";

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** Stores `value` only when the key is absent; returns what is stored either way (race-safe). */
export async function writeSettingIfAbsent<T>(db: Db, key: string, value: T): Promise<T> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  return (await readSetting<T>(db, key)) as T;
}
