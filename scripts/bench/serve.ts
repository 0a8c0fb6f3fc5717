/**
 * Starts the production build the way it runs in production (http/main.ts, NODE_ENV
 * production) on a free port with a throw-away database, and stops it again.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { get, isStopping } from "./util";

// The launcher's own reading of "sources changed since the build" (a CommonJS script).
const { newestMtime } = createRequire(import.meta.url)("../launch.cjs") as {
  newestMtime(target: string): number;
};

export const root = path.resolve(import.meta.dirname, "../..");

/** A problem with the setup (no build, server would not start): exit 2, not a budget miss. */
export class SetupError extends Error {
  override name = "SetupError";
}

export function ensureBuild(): void {
  const entry = path.join(root, "build/server/index.js");
  const client = path.join(root, "build/client");
  if (!fs.existsSync(entry) || !fs.existsSync(client)) {
    throw new SetupError(
      "No production build in build/. Run `npx react-router build` first (npm run bench builds nothing).",
    );
  }
  // A stale build would benchmark yesterday's code; say so rather than refuse, since
  // someone may want to measure exactly the build they have.
  const builtAt = fs.statSync(entry).mtimeMs;
  const sources = ["app", "http", "public", "vite.config.ts", "react-router.config.ts"];
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (changedAt > builtAt) {
    console.warn(
      "[bench] warning: sources changed after the last build; run `npx react-router build` to measure them.",
    );
  }
}

/**
 * Other people rebuild while we measure; a server that loaded one build and a build/client
 * from the next one gives 404s and 500s. Compared before and after the run.
 */
export function buildStamp(): string {
  const entry = path.join(root, "build/server/index.js");
  return fs.existsSync(entry) ? String(fs.statSync(entry).mtimeMs) : "missing";
}

/** Port 0 on all interfaces, like the server binds, so the port is free where it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  /** http://127.0.0.1:<port>: we only ever talk to it over loopback. */
  origin: string;
  /** The last lines the server printed, for error messages. */
  log(): string;
  stop(): Promise<void>;
}

/** A new, empty temporary data directory (removed when its server stops). */
export function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "lockline-bench-"));
}

/**
 * Serves the build on a temporary data directory: a new one (the server loads the demo
 * business into it), or one made ready beforehand (newDataDir), which it then owns.
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  dataDir: string = newDataDir(),
): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: "on",
    // Canonical URLs and Lighthouse's canonical audit need the origin we actually serve.
    SITE_URL: origin,
    LOG_LEVEL: "error",
    ...extraEnv,
  };
  // A DATABASE_URL in the caller's shell would point the benchmark at a real database.
  delete env.DATABASE_URL;

  const lines: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const remember = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on("data", remember);
  child.stderr!.on("data", remember);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let stopping = false;
  child.once("exit", (code, signal) => {
    // A terminal's Ctrl+C reaches the server too; that exit is expected, not news.
    if (!stopping && !isStopping()) {
      console.error(`[bench] the server exited unexpectedly (code ${code}, signal ${signal}):`);
      console.error(lines.map((line) => `  | ${line}`).join("\n"));
    }
  });

  const server: RunningServer = {
    origin,
    log: () => lines.join("\n"),
    async stop() {
      stopping = true;
      await killChild(child, exited);
      // PGlite holds the directory until the process is gone, so remove it only now.
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };

  try {
    await waitForHealth(origin, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function killChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGTERM first: main.ts closes the database cleanly on it.
  child.kill("SIGTERM");
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), 10_000).unref(),
  );
  if ((await Promise.race([exited, timeout])) === "timeout") {
    child.kill("SIGKILL");
    await exited;
  }
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  // A fresh DATA_DIR runs migrations and loads demo data: ~5-10 s on this machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new SetupError("The server exited before answering /healthz (its output is above).");
    }
    try {
      if ((await get(`${origin}/healthz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new SetupError(`The server did not answer ${origin}/healthz within 120 s.`);
}
