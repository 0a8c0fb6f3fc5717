import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "../../helpers/postgres";
import { nextClientIp } from "./auth-helpers";
import { test } from "./test";

/*
 * Servers of a test's own, for what the shared test server must not go through (restarts,
 * outages, shutdowns, two processes on one database) or where the database kind matters:
 * the production build run by `node http/main.ts` (through tsx, so a build of the app
 * alone is enough), on PGlite in a temporary directory or on a new PostgreSQL database.
 */

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

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
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The environment every server and CLI call of these tests shares, on top of the database. */
function baseEnv(database: AppDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
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
export function runUserCli(database: AppDatabase, args: string[]): string {
  return execFileSync("node", ["--import", "tsx", "scripts/user.ts", ...args], {
    env: baseEnv(database),
    encoding: "utf8",
  });
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
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
      const healthy = await fetch(`${origin}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) {
        await server.stop("SIGKILL");
        throw new Error(`The server did not answer /healthz within 90 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return server;
}

/**
 * A visitor of a test's own server: fetch with a cookie jar, its own client IP (the server
 * trusts X-Forwarded-For from loopback), the Origin header the CSRF checks want on writes,
 * and redirects left to the test.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    readonly ip = nextClientIp(),
  ) {}

  async fetch(
    pathname: string,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    if (init.method && init.method !== "GET") headers.set("origin", this.origin);
    const answer = await fetch(`${this.origin}${pathname}`, {
      ...init,
      headers,
      redirect: "manual",
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  postForm(pathname: string, form: Record<string, string>): Promise<Response> {
    return this.fetch(pathname, { method: "POST", body: new URLSearchParams(form) });
  }

  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.postForm("/auth", { intent: "sign-in", email, password });
    if (answer.status !== 302) {
      throw new Error(`Sign-in answered ${answer.status}: ${await answer.text()}`);
    }
  }
}

/**
 * An open /api/events stream, read as it arrives: its events so far, a wait for one that
 * matches, and whether (and when) the server ended it.
 */
export class EventStreamReader {
  readonly events: { event: string; data: string; at: number }[] = [];
  endedAt: number | undefined;
  private pending = "";
  private watchers = new Set<() => void>();

  private constructor(readonly response: Response) {}

  static async open(client: HttpClient): Promise<EventStreamReader> {
    const response = await client.fetch("/api/events", {
      headers: { accept: "text/event-stream" },
    });
    const reader = new EventStreamReader(response);
    if (response.status === 200) void reader.pump();
    return reader;
  }

  private async pump() {
    const decoder = new TextDecoder();
    const reader = this.response.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.pending += decoder.decode(value, { stream: true });
        let end = this.pending.indexOf("\n\n");
        while (end !== -1) {
          this.receive(this.pending.slice(0, end));
          this.pending = this.pending.slice(end + 2);
          end = this.pending.indexOf("\n\n");
        }
      }
    } catch {
      // Cut off: ended all the same.
    }
    this.endedAt = performance.now();
    this.notify();
  }

  private receive(block: string) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ event, data: data.join("\n"), at: performance.now() });
    this.notify();
  }

  private notify() {
    for (const watcher of this.watchers) watcher();
  }

  /**
   * Resolves with the first event that `matches`, among those received from number `from`
   * on (0: all of them) and those to come.
   */
  waitFor(
    matches: (event: { event: string; data: string }) => boolean,
    timeoutMs = 10_000,
    from = 0,
  ): Promise<{ event: string; data: string; at: number }> {
    return this.until(() => this.events.slice(from).find(matches), timeoutMs, "a matching event");
  }

  /** Resolves when the server has ended the stream. */
  waitForEnd(timeoutMs = 10_000): Promise<number> {
    return this.until(() => this.endedAt, timeoutMs, "the end of the stream");
  }

  private until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No ${what} within ${timeoutMs} ms (events: ${this.describe()})`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      this.watchers.add(check);
      check();
    });
  }

  private describe(): string {
    return this.events.map((event) => event.event).join(", ") || "none";
  }

  async close(): Promise<void> {
    await this.response.body?.cancel().catch(() => {});
  }
}

/** A measured figure, in the report (annotation) and the run's output. */
export function reportTiming(description: string): void {
  test.info().annotations.push({ type: "timing", description });
  console.log(`[timing] ${test.info().title}: ${description}`);
}
