import fs from "node:fs";
import path from "node:path";
import { readSetting, writeSetting } from "./app-settings.server";
import type { DatabaseHandle } from "./database.server";
import { logger } from "../logger.server";

export const LAST_BACKUP_KEY = "last_backup_at";
const FILE_PATTERN = /^lockline-\d{8}-\d{6}\.tar\.gz$/;

/** "lockline-20261122-031500.tar.gz" (UTC), sortable by name. */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `lockline-${stamp}.tar.gz`;
}

/**
 * Writes a backup of the embedded database into `dir`, keeps the newest `keep` files, and
 * records the time in app_settings (the dashboard shows it). Written to a temporary name
 * first, so a crash never leaves a half-written file that looks complete.
 */
export async function runBackup(
  database: DatabaseHandle,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<string> {
  if (!database.dump) throw new Error("This database is backed up by its server's own tools.");
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, backupFileName(now));
  const temporary = `${target}.partial`;
  fs.writeFileSync(temporary, await database.dump());
  fs.renameSync(temporary, target);
  pruneBackups(dir, keep);
  await writeSetting(database.db, LAST_BACKUP_KEY, now.toISOString());
  return target;
}

export function pruneBackups(dir: string, keep: number): void {
  const files = fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep)))
    fs.rmSync(path.join(dir, name));
}

export async function lastBackupAt(database: DatabaseHandle): Promise<Date | null> {
  const value = await readSetting<string>(database.db, LAST_BACKUP_KEY);
  return value ? new Date(value) : null;
}

/**
 * Backs up the embedded database every `intervalHours`, starting when the last backup is
 * due (so restarts do not pile up backups). Returns a function that stops the schedule.
 */
export function scheduleBackups(
  database: DatabaseHandle,
  options: { dir: string; intervalHours: number; keep: number },
): () => void {
  if (!database.dump || options.intervalHours <= 0) return () => {};
  const intervalMs = options.intervalHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const file = await runBackup(database, options.dir, options.keep);
      logger.info({ file }, "Backup written");
    } catch (error) {
      logger.error({ err: error }, "Backup failed");
    }
    timer = setTimeout(run, intervalMs).unref();
  };
  void lastBackupAt(database).then((last) => {
    const due = last ? Math.max(60_000, last.getTime() + intervalMs - Date.now()) : 60_000;
    timer = setTimeout(run, due).unref();
  });
  return () => clearTimeout(timer);
}
