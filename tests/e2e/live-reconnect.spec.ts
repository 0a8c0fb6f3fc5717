import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./support/test";
import { nextClientIp } from "./support/auth-helpers";
import { DESKTOP } from "./support/browser";

/*
 * The live-update stream across a server restart, on a server of this test's own (the
 * shared one must not go down): an open Leads page shows "Connecting..." while the server
 * is away, "Live" again once it is back, and then shows a lead added elsewhere without a
 * reload.
 */

const OWNER = { email: "restart-owner@example.com", password: "Restart-Owner-Pass1" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

test.describe("live updates across a server restart", () => {
  test.slow();

  let dataDir = "";
  let origin = "";
  let env: NodeJS.ProcessEnv = {};
  let server: ChildProcess | undefined;

  async function startServer(): Promise<void> {
    server = spawn("node", ["--import", "tsx", "server/main.ts"], { env, stdio: "ignore" });
    await expect(async () => {
      expect((await fetch(`${origin}/healthz`)).ok).toBe(true);
    }).toPass({ timeout: 60_000, intervals: [200] });
  }

  async function stopServer(): Promise<void> {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-restart-"));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: origin,
      LOG_LEVEL: "error",
      TRUSTED_PROXY: "loopback",
      BACKUP_INTERVAL_HOURS: "0",
    };
    execFileSync(
      "node",
      [
        "--import",
        "tsx",
        "scripts/user.ts",
        "create-owner",
        "--email",
        OWNER.email,
        "--name",
        "Restart Owner",
        "--password",
        OWNER.password,
      ],
      { env, stdio: "ignore" },
    );
    await startServer();
  });

  test.afterAll(async () => {
    await stopServer();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function post(request: APIRequestContext, url: string, form: Record<string, string>) {
    return request.post(url, { form, headers: { origin }, maxRedirects: 0 });
  }

  test("an open page reconnects after a restart and shows what changed", async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
    });
    const signIn = await post(context.request, "/auth", { intent: "sign-in", ...OWNER });
    expect(signIn.status()).toBe(302);
    const page = await context.newPage();
    await page.goto("/admin/leads");
    const banner = page.getByRole("banner");
    await expect(banner.getByText("Live", { exact: true })).toBeVisible();

    await stopServer();
    await expect(banner.getByText("Connecting...")).toBeVisible();

    await startServer();
    // The browser retries every 2 s (the stream's `retry`).
    await expect(banner.getByText("Live", { exact: true })).toBeVisible({ timeout: 15_000 });

    const name = `After Restart ${Date.now().toString(36)}`;
    const added = await post(context.request, "/admin/leads", {
      intent: "create",
      name,
      phone: "(312) 555-0199",
      serviceType: "rekeying",
      zip: "60406",
    });
    expect(added.ok()).toBe(true);
    await expect(page.locator("table tbody tr").first()).toContainText(name);
  });
});
