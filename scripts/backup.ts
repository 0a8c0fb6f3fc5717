/**
 * `npm run backup`: one backup of the embedded database now, into BACKUP_DIR (stop the
 * server first: one process at a time may open the data directory). A PostgreSQL server is
 * backed up with its own tools (pg_dump, or the provider's snapshots).
 */
import { runBackup } from "~/server/db/backup.server";
import { openDatabase } from "~/server/db/database.server";
import { getEnv } from "~/server/env.server";

const env = getEnv();
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: back up PostgreSQL with pg_dump or your provider's snapshots.",
  );
  process.exit(1);
}
try {
  const database = await openDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
  try {
    console.log(`Wrote ${await runBackup(database, env.BACKUP_DIR, env.BACKUP_KEEP)}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
