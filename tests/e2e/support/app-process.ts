import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "../../helpers/postgres";

export { databaseKinds } from "../../helpers/postgres";

/*
 * Servers of a test's own, for what the shared test server must not go through (restarts,
 * outages, shutdowns, two processes on one database) or where the database kind matters:
 * the production build run by `node http/main.ts` (through tsx, so a build of the app
 * alone is enough), on PGlite in a temporary directory or on a new PostgreSQL database.
 */

export type DatabaseKind = "pglite" | "postgres";

export interface AppDatabase {
  kind: DatabaseKind;
  /** DATA_DIR or DATABASE_URL, for the server's environment. */
  env: Record<string, string>;
  /** PostgreSQL: the database's URL (tests may connect to it directly). */
  url?: string;
  dispose(): Promise<void>;
}

export async function provisionDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  if (kind === "postgres") {
    const created = await createPostgresDatabase();
    return { kind, env: { DATABASE_URL: created.url }, url: created.url, dispose: created.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-e2e-own-"));
  return {
    kind,
    env: { DATA_DIR: dataDir },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return listenOnce(0).then((port) => {
    if (port === undefined) throw new Error("The system gave no free port.");
    return port;
  });
}

/**
 * A free port below the system's ephemeral range (which starts at 32768), so the ports a site
 * server's mail, push and fake Stripe services sit on (+20000, +21000, +22000:
 * playwright.config.ts) exist and are free too; an ephemeral port of 45536 or more would put
 * them past 65535. Below 20000 too: `npm test` runs the HTTP tests beside the browser tests,
 * whose workers' services sit at E2E_PORT + 20000 and up (23210 by default).
 */
export async function freeSitePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 12_000 + Math.floor(Math.random() * 8_000);
    const free = await Promise.all(
      [port, port + 20_000, port + 21_000, port + 22_000].map(listenOnce),
    );
    if (free.every((found) => found !== undefined)) return port;
  }
  throw new Error("No free port for a site server and its mail, push and Stripe services.");
}

/** Listens on `port` (0: any) and lets go again: the port it got, or undefined when taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(undefined));
    probe.listen(port, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
    });
  });
}

/** The environment every server and CLI call of these tests shares, on top of the database. */
function baseEnv(database: AppDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // The full cost, whatever the test runner runs with (Vitest sets "test").
    PASSWORD_HASH_COST: "standard",
    LOG_LEVEL: "info",
    TRUSTED_PROXY: "loopback",
    BACKUP_INTERVAL_HOURS: "0",
    ...database.env,
    ...extra,
  };
  if (database.kind === "pglite") delete env.DATABASE_URL;
  return env;
}

/** `npm run user -- <args>` against the database; the output. */
export function runUserCli(
  database: AppDatabase,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return runScript(database, "scripts/user.ts", args, env);
}

/** Adds the owner account through the user CLI (`env`, e.g. the test hash cost, passed on). */
export function createOwner(
  database: AppDatabase,
  owner: { email: string; name: string; password: string },
  env: Record<string, string> = {},
): Promise<string> {
  return runUserCli(
    database,
    ["create-owner", "--email", owner.email, "--name", owner.name, "--password", owner.password],
    env,
  );
}

const runFile = promisify(execFile);

/**
 * A TypeScript script (through tsx) against the database; its output. Asynchronous on
 * purpose: a synchronous child blocks the test's event loop for seconds, long enough for a
 * started server's keep-alive timer to close a pooled socket that the next fetch then writes
 * on ("other side closed").
 */
export async function runScript(
  database: AppDatabase,
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout } = await runFile("node", ["--import", "tsx", script, ...args], {
    env: baseEnv(database, env),
    encoding: "utf8",
  });
  return stdout;
}

export interface AppServer {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves when a line of its output matches (rejects after `timeoutMs`). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export async function startAppServer(options: {
  database: AppDatabase;
  env?: Record<string, string>;
  /** Wait for /healthz (default), or return as soon as the process runs. */
  waitUntilHealthy?: boolean;
  port?: number;
}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["--import", "tsx", "http/main.ts"], {
    env: baseEnv(options.database, { PORT: String(port), SITE_URL: origin, ...options.env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const watcher of watchers) watcher();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const server: AppServer = {
    origin,
    port,
    child,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = output.split("\n").find((candidate) => pattern.test(candidate));
          if (!line) return;
          cleanup();
          resolve(line);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No line matching ${pattern} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          watchers.delete(check);
        };
        watchers.add(check);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      const started = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: performance.now() - started };
    },
  };
  if (options.waitUntilHealthy ?? true) {
    // Migrating and seeding an embedded database on two busy cores can take over a minute.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
      const healthy = await fetch(`${origin}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) {
        await server.stop("SIGKILL");
        throw new Error(`The server did not answer /healthz within 180 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return server;
}
