import { openDatabase, type DatabaseHandle } from "./db.server";
import { loadDemoDataOnce } from "./demo/seed.server";
import { getEnv, type Env } from "./env.server";
import { ChangeFeed } from "./change-feed.server";
import { PageCache } from "./page-cache.server";
import { singleton } from "./singleton.server";

/** Everything a request handler needs from the process, handed to routes through context. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  pageCache: PageCache;
  changes: ChangeFeed;
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
  await database.migrate();
  if (env.DEMO_DATA === "on" && (await loadDemoDataOnce(database.db))) {
    log(env, "Loaded demo data into an empty database.");
  }
  const pageCache = new PageCache();
  const changes = await ChangeFeed.start(database);
  changes.subscribe((change) => {
    if (change.table === "reviews") pageCache.clear();
  });
  return { env, database, pageCache, changes };
}

function log(env: Env, message: string) {
  if (env.LOG_LEVEL === "info") console.log(`[lockline] ${message}`);
}
