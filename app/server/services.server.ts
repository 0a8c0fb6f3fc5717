import { createAuth, resolveAuthSecret, type Auth } from "./auth/auth.server";
import { scheduleBackups } from "./db/backup.server";
import {
  databaseAddress,
  openDatabase,
  waitUntilReachable,
  type DatabaseHandle,
} from "./db/database.server";
import { ensureDemoOwner } from "./demo/owner.server";
import { loadDemoDataOnce } from "./demo/seed.server";
import { getEnv, type Env } from "./env.server";
import { scheduleMaintenance, vacuumAnalyze } from "./db/maintenance.server";
import { schedulePruning } from "./db/rate-limit.server";
import { ChangeFeed } from "./live/change-feed.server";
import { AnnouncementFeed, announceNewLeads } from "./live/lead-announcements.server";
import { vapidKeys } from "./push/vapid.server";
import { singleton } from "./singleton.server";
import { startTextSender } from "./texting/sender-service.server";
import type { BackgroundLoop } from "./background/background-loop.server";
import { logger } from "./logger.server";
import { configuredTinCipher } from "./tax/tin-cipher.server";
import { pruneReplacedFiles } from "./compliance/compliance.server";
import { complianceFileStore } from "./compliance/file-store.server";
import { stripePayLinks, type PayLinkService } from "./money/stripe.server";
import { startNightWatch } from "./night-watch/timer-worker.server";
import { startRollupRefresher } from "./reports/rollup-refresher.server";

/** Everything a request handler needs from the process, handed to routes through context. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  changes: ChangeFeed;
  /** New leads and locksmiths' taps, looked up once per process for every live stream. */
  announcements: AnnouncementFeed;
  auth: Auth;
  textSender: BackgroundLoop;
  /** The night watch's timers: automatic offers, clock rules, escalations (decision 0028). */
  nightWatch: BackgroundLoop;
  /** The reports' daily rollups, remade for the days that changed (decision 0039). */
  reportRollups: BackgroundLoop;
  /** The card pay link through Stripe (decision 0036); undefined while not configured. */
  payLinks: PayLinkService | undefined;
}

export function getServices(): Promise<AppServices> {
  return singleton("services", () => startServices(getEnv()));
}

export async function startServices(env: Env): Promise<AppServices> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  if (env.DATABASE_URL) await waitUntilReachable(database, databaseAddress(env.DATABASE_URL));
  await database.migrate();
  if (
    env.DEMO_DATA === "on" &&
    (await loadDemoDataOnce(database.db, new Date(), env.DEMO_SEED, configuredTinCipher(env)))
  ) {
    // Fresh statistics before the first search, rather than whenever upkeep next runs.
    await vacuumAnalyze(database);
    logger.info("Loaded demo data into an empty database.");
  }
  const auth = createAuth(database.db, env, await resolveAuthSecret(database.db, env));
  // Web Push's key pair, made at first start (decision 0033): never by a page view.
  await vapidKeys(database.db);
  if (env.DEMO_DATA === "on") {
    const owner = await ensureDemoOwner(database.db);
    // Printed once, when the account is made; `npm run user -- reset-password` makes a new one.
    if (owner) logger.info(`Demo owner created: ${owner.email} / password: ${owner.password}`);
  }
  const changes = await ChangeFeed.start(database);
  const announcements = new AnnouncementFeed(changes, announceNewLeads(database.db));
  scheduleMaintenance(database);
  const files = complianceFileStore(env);
  schedulePruning(database.db, {
    "replaced compliance files": () => pruneReplacedFiles(database.db, files),
  });
  scheduleBackups(database, {
    dir: env.BACKUP_DIR,
    filesDir: env.FILES_DIR,
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    keep: env.BACKUP_KEEP,
  });
  const textSender = startTextSender(database, changes, env);
  const nightWatch = await startNightWatch(database, changes, env);
  const reportRollups = startRollupRefresher(database, changes);
  const payLinks = stripePayLinks(env);
  return {
    env,
    database,
    changes,
    announcements,
    auth,
    textSender,
    nightWatch,
    reportRollups,
    payLinks,
  };
}

/**
 * Ends the process's work in order, for a graceful shutdown: the live-update streams first
 * (browsers reconnect to another process), then, once requests have finished, the text
 * sender (a text mid-send is recorded) and the database.
 */
export function endEventStreams(services: AppServices): Promise<void> {
  return services.changes.close();
}

export async function stopServices(services: AppServices): Promise<void> {
  await services.nightWatch.stop().catch((error: Error) => {
    logger.error({ err: error }, "The night watch did not stop cleanly");
  });
  await services.reportRollups.stop().catch((error: Error) => {
    logger.error({ err: error }, "The report rollups did not stop cleanly");
  });
  await services.textSender.stop().catch((error: Error) => {
    logger.error({ err: error }, "The text sender did not stop cleanly");
  });
  await services.database.close();
}
