import { expect, test, type APIRequestContext } from "./support/test";
import { nextClientIp } from "./support/auth-helpers";
import {
  createOwner,
  freePort,
  provisionGroupDatabase,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "./support/app-server";
import { DESKTOP } from "./support/browser";

/*
 * The live-update stream across a server restart, on a server of this test's own (the
 * shared one must not go down): an open Leads page shows "Connecting..." while the server
 * is away, "Live" again once it is back, and then shows a lead added elsewhere without a
 * reload.
 */

const OWNER = { email: "restart-owner@example.com", password: "Restart-Owner-Pass1" };

test.describe("live updates across a server restart", () => {
  test.slow();

  let database: AppDatabase;
  let port = 0;
  let origin = "";
  let server: AppServer | undefined;

  async function startServer(): Promise<void> {
    server = await startAppServer({ database, port, env: { LOG_LEVEL: "error" } });
  }

  async function stopServer(): Promise<void> {
    await server?.stop();
    server = undefined;
  }

  test.beforeAll(async () => {
    database = await provisionGroupDatabase("pglite");
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await createOwner(database, { ...OWNER, name: "Restart Owner" });
    await startServer();
  });

  test.afterAll(async () => {
    await stopServer();
    await database?.dispose();
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
