/**
 * `npm run backup`: one backup of the embedded database now, with the compliance files, into
 * BACKUP_DIR. `npm run backup -- restore <file>` puts a backup set back into DATA_DIR (which
 * must be moved aside first) and FILES_DIR. Stop the server first: one process at a time may
 * open the data directory. A PostgreSQL server is backed up with its own tools (pg_dump, or
 * the provider's snapshots), and FILES_DIR with the machine's.
 */
import { restoreBackup, runBackup } from "~/server/db/backup.server";
import { openDatabase } from "~/server/db/database.server";
import { getEnv } from "~/server/env.server";

const env = getEnv();
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: back up PostgreSQL with pg_dump or your provider's snapshots.",
  );
  process.exit(1);
}
const [command, file] = process.argv.slice(2);
try {
  if (command === "restore") {
    if (!file) throw new Error("Say which backup: npm run backup -- restore <file>");
    await restoreBackup(file, { dataDir: env.DATA_DIR, filesDir: env.FILES_DIR });
    console.log(`Restored ${file} into ${env.DATA_DIR} and ${env.FILES_DIR}`);
  } else {
    const database = await openDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
    try {
      const options = { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, filesDir: env.FILES_DIR };
      console.log(`Wrote ${await runBackup(database, options)}`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
