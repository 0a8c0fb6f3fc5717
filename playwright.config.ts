import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `lockline-e2e-${process.pid}`);

/*
 * The demo business around the tests' own rows (tests/e2e/fixtures) changes every day: a
 * test that leans on one draw of it fails soon, not on some later machine. A failing run
 * prints its seed; E2E_DEMO_SEED=<seed> replays it.
 */
const demoSeed = process.env.E2E_DEMO_SEED ?? String(Math.floor(Date.now() / 86_400_000));
// Said once per run: by the runner, not its workers, nor tools that read this file (knip).
if (!process.env.TEST_WORKER_INDEX && process.argv.some((arg) => arg.includes("playwright")))
  console.log(`[e2e] demo data seed ${demoSeed} (E2E_DEMO_SEED)`);

/**
 * The mail server the app sends to in the browser tests: a test that reads mail starts an
 * in-process one on this port (tests/helpers/smtp-catcher.ts); otherwise mail just fails.
 */
export const E2E_SMTP_PORT = PORT + 20_000;

/** A known owner for the browser tests (a fixture of a throwaway database, not a secret). */
export const E2E_OWNER = {
  email: "e2e-owner@example.com",
  name: "Olivia Owner",
  password: "E2e-Owner-Pass1",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : "line",
  // The walks through a whole job (request → dispatch → job page → review, two browsers, axe
  // at each step) take 20-30 s on a busy 2-core machine; assertions keep their own 5 s limit.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      // The system Chromium (installed by apt-get); Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: [
      `rm -rf ${dataDir}`,
      `node --import tsx scripts/user.ts create-owner --email ${E2E_OWNER.email} --name "${E2E_OWNER.name}" --password ${E2E_OWNER.password}`,
      "node --import tsx tests/e2e/fixtures/seed.ts",
      "node --import tsx http/main.ts",
    ].join(" && "),
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_DATA: "on",
      DEMO_SEED: demoSeed,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "error",
      // Tests stand in for a proxy on loopback, so each can claim its own client IP
      // (X-Forwarded-For) and the per-IP rate limits do not collide.
      TRUSTED_PROXY: "loopback",
      BACKUP_INTERVAL_HOURS: "0",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
