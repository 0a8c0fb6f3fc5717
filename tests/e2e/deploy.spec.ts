import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { EventStreamReader, freePort, HttpClient, reportTiming } from "./support/app-server";

/*
 * The README's "Deploying" steps, without Docker: the built tree (build/, drizzle/, the
 * launcher, package.json and the lockfile) copied to a directory of its own, its runtime
 * dependencies installed with `npm ci --omit=dev`, an owner made with `npm run user`, and
 * `npm start` serving it with NODE_ENV=production; then SIGTERM, as systemd sends it.
 */

const root = path.resolve(import.meta.dirname, "../..");
const OWNER = { email: "deploy-owner@example.com", password: "Deploy-Owner-Pass7" };
const SHIPPED = [
  "package.json",
  "package-lock.json",
  ".npmrc",
  "build",
  "drizzle",
  "scripts/launch.cjs",
];

test.describe("a production install from the built tree", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(240_000);

  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  let origin = "";

  test.beforeAll(async () => {
    // The HTTP entry and the CLIs are the second half of `npm run build` (a second or so);
    // made here too, so `npx react-router build` before the browser tests is enough.
    execFileSync(
      "npx",
      ["vite", "build", "--config", "vite.server.config.ts", "--logLevel", "warn"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-deploy-"));
    for (const item of SHIPPED) {
      fs.cpSync(path.join(root, item), path.join(dir, item), { recursive: true });
    }
    execFileSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      stdio: "ignore",
    });
    // npm installs some development packages even so: better-auth names vitest and
    // drizzle-kit as optional peers, which bring vite and tsx. Out they go, to prove that
    // nothing at run time needs any of them.
    const { devDependencies } = JSON.parse(
      fs.readFileSync(path.join(root, "package.json"), "utf8"),
    ) as { devDependencies: Record<string, string> };
    for (const name of Object.keys(devDependencies)) {
      fs.rmSync(path.join(dir, "node_modules", name), { recursive: true, force: true });
    }
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "info",
      TRUSTED_PROXY: "loopback",
      BACKUP_INTERVAL_HOURS: "0",
    };
    delete env.DATABASE_URL;
    delete env.DEMO_DATA;
  });

  test.afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("has the runtime dependencies, and no development tool", () => {
    for (const devOnly of ["tsx", "vite", "vitest", "@react-router/dev", "typescript"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", devOnly)), devOnly).toBe(false);
    }
    for (const runtime of ["express", "react-router", "@electric-sql/pglite", "pg"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", runtime)), runtime).toBe(true);
    }
  });

  test("npm run user makes the first owner; npm start serves, without demo data", async () => {
    const made = spawnSync(
      "npm",
      [
        "run",
        "--silent",
        "user",
        "--",
        "create-owner",
        "--email",
        OWNER.email,
        "--name",
        "Deploy Owner",
        "--password",
        OWNER.password,
      ],
      { cwd: dir, env, encoding: "utf8" },
    );
    expect(made.status, made.stderr).toBe(0);

    const app = launch("npm", ["start"]);
    try {
      await app.healthy();
      expect(app.output()).not.toMatch(/building/);
      expect(app.output()).not.toMatch(/Demo owner|demo data/i);
      expect((await fetch(`${origin}/`)).status).toBe(200);
      const owner = new HttpClient(origin);
      await owner.signIn(OWNER.email, OWNER.password);
      expect(await (await owner.fetch("/admin/leads")).text()).toContain("No leads yet.");
    } finally {
      // As systemd stops a service: SIGTERM to every process of it.
      await app.stop();
    }
    expect(app.output()).toMatch(/Shut down in \d+ ms/);
  });

  test("SIGTERM: the request in flight is answered, streams end, exit 0 within 10 s", async () => {
    // The README's systemd unit runs this (npm start runs it too, under npm).
    const app = launch("node", ["scripts/launch.cjs", "server"]);
    try {
      await app.healthy();
      const owner = new HttpClient(origin);
      await owner.signIn(OWNER.email, OWNER.password);
      const stream = await EventStreamReader.open(owner);
      await stream.waitFor((event) => event.event === "ready");
      const slow = halfSentRequest(new URL(origin).port);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalledAt = performance.now();
      process.kill(app.pid, "SIGTERM");
      await stream.waitForEnd(5_000);
      reportTiming(
        `event stream ended ${Math.round(performance.now() - signalledAt)} ms after SIGTERM`,
      );
      // No new connections, while the half-sent request still waits for its body.
      await expect(async () => {
        await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
      }).toPass({ timeout: 3_000 });
      slow.finish();
      expect(await slow.answer).toMatch(/^HTTP\/1\.1 200 /);
      const code = await app.exited;
      const ms = Math.round(performance.now() - signalledAt);
      reportTiming(`SIGTERM to exit: ${ms} ms`);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      expect(app.output()).toMatch(/SIGTERM: shutting down \(\d+ requests in flight\)/);
      expect(app.output()).toMatch(/Shut down in \d+ ms/);
    } finally {
      await app.stop();
    }
  });

  /** A command of the install, in a process group of its own (as a service runs). */
  function launch(command: string, args: string[]) {
    const child = spawn(command, args, {
      cwd: dir,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // "close": the process has exited and its output (which npm's child shares) has ended.
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    return {
      pid: child.pid!,
      exited,
      output: () => output,
      async healthy() {
        await expect(async () => {
          expect((await fetch(`${origin}/healthz`)).status).toBe(200);
        }).toPass({ timeout: 60_000, intervals: [250] });
      },
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        process.kill(-child.pid!, "SIGTERM");
        const timeout = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
        await exited;
        clearTimeout(timeout);
      },
    };
  }

  test("npm start without a build, and no tools to make one, says what to do", () => {
    fs.renameSync(path.join(dir, "build"), path.join(dir, "build-aside"));
    try {
      const started = spawnSync("npm", ["start"], {
        cwd: dir,
        env,
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain(
        "there is no build to run. Run `npm ci && npm run build` first",
      );
    } finally {
      fs.renameSync(path.join(dir, "build-aside"), path.join(dir, "build"));
    }
  });
});

/**
 * A request form POST whose headers are sent now and whose body only when `finish` is
 * called: a request that is certainly in flight while the server shuts down.
 */
function halfSentRequest(port: string): { finish(): void; answer: Promise<string> } {
  const body = new URLSearchParams({
    name: "Late Caller",
    phone: "(312) 555-0133",
    serviceType: "rekeying",
    zip: "60601",
    mode: "inline",
  }).toString();
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.write(
    [
      "POST /request HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      "X-Forwarded-For: 10.250.0.1",
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${body.length}`,
      "",
      "",
    ].join("\r\n"),
  );
  const answer = new Promise<string>((resolve, reject) => {
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
  return { finish: () => socket.write(body), answer };
}
