import fs from "node:fs";
import path from "node:path";
import { readSetting, writeSetting } from "./app-settings.server";
import { openDatabase, type DatabaseHandle } from "./database.server";
import { logger } from "../logger.server";

export const LAST_BACKUP_KEY = "last_backup_at";
const FILE_PATTERN = /^lockline-\d{8}-\d{6}\.tar\.gz$/;

/** "lockline-20261122-031500.tar.gz" (UTC), sortable by name. */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `lockline-${stamp}.tar.gz`;
}

/** The folder of compliance files that goes with a backup: "lockline-….tar.gz" → "lockline-…-files". */
export function backupFilesDir(backup: string): string {
  return backup.replace(/\.tar\.gz$/, "-files");
}

export interface BackupOptions {
  dir: string;
  keep: number;
  /** The compliance files (FILES_DIR): the ones present now go with the backup. */
  filesDir: string;
}

/**
 * Writes a backup of the embedded database into `dir`, with the compliance files beside it
 * (`…-files`, decision 0068), keeps the newest `keep` sets, and records the time in
 * app_settings (the dashboard shows it). Both are written under temporary names first, so a
 * crash never leaves a half-written set that looks complete.
 */
export async function runBackup(
  database: DatabaseHandle,
  options: BackupOptions,
  now = new Date(),
): Promise<string> {
  if (!database.dump) throw new Error("This database is backed up by its server's own tools.");
  const { dir, keep, filesDir } = options;
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, backupFileName(now));
  const files = backupFilesDir(target);
  // Files first: a row in the database copy never points at bytes the set lacks (a file
  // uploaded between the two is in the set without a row, which is harmless).
  fs.rmSync(`${files}.partial`, { recursive: true, force: true });
  linkTree(filesDir, `${files}.partial`);
  fs.rmSync(files, { recursive: true, force: true });
  fs.renameSync(`${files}.partial`, files);
  const temporary = `${target}.partial`;
  fs.writeFileSync(temporary, await database.dump());
  fs.renameSync(temporary, target);
  pruneBackups(dir, keep);
  await writeSetting(database.db, LAST_BACKUP_KEY, now.toISOString());
  return target;
}

/**
 * Copies the tree `from` into `to` (made if missing), skipping names already there. Files are
 * hard-linked when both sit on one disk: a stored file is never rewritten (written once under
 * a new random name), so a link is as good as a copy and costs no space.
 */
function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile() && !entry.name.endsWith(".part") && !fs.existsSync(target)) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

export function pruneBackups(dir: string, keep: number): void {
  const files = fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) {
    fs.rmSync(path.join(dir, name));
    fs.rmSync(backupFilesDir(path.join(dir, name)), { recursive: true, force: true });
  }
}

/**
 * Restores a backup set (`npm run backup -- restore <file>`): the database into `dataDir`,
 * which must not exist yet (move the old one aside first), and the set's compliance files into
 * `filesDir` (files already there are kept).
 */
export async function restoreBackup(
  backup: string,
  target: { dataDir: string; filesDir: string },
): Promise<void> {
  if (!FILE_PATTERN.test(path.basename(backup)) || !fs.existsSync(backup))
    throw new Error(`No backup at ${backup}.`);
  if (fs.existsSync(target.dataDir) && fs.readdirSync(target.dataDir).length > 0)
    throw new Error(`${target.dataDir} is not empty: move it aside first.`);
  const database = await openDatabase({
    kind: "pglite",
    dataDir: target.dataDir,
    loadDataDir: new Blob([fs.readFileSync(backup)]),
  });
  await database.close();
  const files = backupFilesDir(backup);
  if (fs.existsSync(files)) linkTree(files, target.filesDir);
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
  options: BackupOptions & { intervalHours: number },
): () => void {
  if (!database.dump || options.intervalHours <= 0) return () => {};
  const intervalMs = options.intervalHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const file = await runBackup(database, options);
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
