import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { backoffMs } from "./backoff.server";
import { acquireDirectoryLock } from "./directory-lock.server";
import { listenWithReconnect } from "./pg-listener.server";
import * as authSchema from "./auth-tables.server";
import * as activitySchema from "./activity-tables.server";
import * as businessSchema from "./business-tables.server";
import * as appSchema from "./app-tables.server";
import * as messagingSchema from "./messaging-tables.server";
import * as complianceSchema from "./compliance-tables.server";
import { logger } from "../logger.server";

const schema = {
  ...appSchema,
  ...authSchema,
  ...businessSchema,
  ...activitySchema,
  ...messagingSchema,
  ...complianceSchema,
};

/**
 * A database or a transaction: what every model and service function takes. Drizzle's
 * transaction (PgTransaction) is a PgDatabase, so a function given `tx` inside
 * `db.transaction(...)` runs in that transaction, with no cast (PGlite has one connection:
 * inside a transaction, always pass `tx`).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onState` hears
   * when the listening connection is lost and back.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  /**
   * A gzipped tarball of the embedded database's files (PGlite only; a PostgreSQL server is
   * backed up by its own tools).
   */
  dump?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir "memory://" keeps everything in memory (tests); `loadDataDir` starts it from an
   * archive of `dump()` (tests copy one migrated database instead of migrating each).
   */
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob };

const migrationsFolder = path.join(process.cwd(), "drizzle");
/** pg_advisory_lock's key for applying migrations (any number no other code uses). */
const MIGRATION_LOCK = 4_141_772_017;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    // PGlite's own mkdir is not recursive, and it has no lock of its own.
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirectoryLock(dataDir);
  }
  try {
    const client = await PGlite.create(inMemory ? undefined : dataDir, {
      extensions: { pg_trgm, btree_gin },
      loadDataDir,
    });
    const pglite = drizzlePglite({ client, schema });
    const db: Db = pglite;
    return {
      db,
      kind: "pglite",
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return unsubscribe;
      },
      async migrate() {
        await migratePglite(pglite, { migrationsFolder });
      },
      async dump() {
        const archive = await client.dumpDataDir("gzip");
        return new Uint8Array(await archive.arrayBuffer());
      },
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client's network error must not crash the process; queries report their own.
  pool.on("error", (error) => logger.error({ err: error }, "Idle database client error"));
  // A checked-out client's too: pg-pool listens only while a client is idle, and an "error"
  // nobody hears ends the process. Its queries fail on their own; the pool drops it on release.
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "Database connection lost"));
  });
  const nodePg = drizzleNodePg({ client: pool, schema });
  const db: Db = nodePg;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    async listen(channel, onPayload, onState) {
      // LISTEN needs a dedicated connection outside the pool.
      const stop = await listenWithReconnect(url, channel, onPayload, onState);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async migrate() {
      // Processes starting together on one database would apply the same migration at
      // once (and all but one fail): one at a time, under a lock held for the session.
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrateNodePg(nodePg, { migrationsFolder });
      } finally {
        await lock.end();
      }
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** One round trip to the database, in milliseconds. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

/** Where a database URL points, for messages: "postgres://user@host:5432/name", no password. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
    return `${parsed.protocol}//${user}${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "the configured DATABASE_URL";
  }
}

/**
 * Returns once the database answers. At start-up PostgreSQL may still be booting, or the
 * network not up yet: rather than exit with the driver's error, this says where it is
 * waiting and why, and tries again with backoff (0.5 s doubling to 30 s).
 */
export async function waitUntilReachable(database: DatabaseHandle, address: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await pingDatabase(database.db);
      if (attempt > 0) logger.info(`The database at ${address} answers.`);
      return;
    } catch (error) {
      const delay = backoffMs(attempt);
      logger.warn(
        `Waiting for the database at ${address} (${reasonOf(error)}); trying again in ${delay / 1000} s.`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The driver's reason, from the error or what caused it (Drizzle wraps query errors). */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause) current = current.cause;
  if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
  const { code, message } = current as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(": ") || String(current);
}
