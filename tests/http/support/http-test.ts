import fs from "node:fs";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { test as base, inject } from "vitest";
import { freeSitePort } from "../../e2e/support/app-process";
import { startSiteServer, type SiteServer } from "../../e2e/support/site-server";

/*
 * Tests that only send HTTP requests and read the answers (no page, no browser): Vitest, with
 * the production build served by `http/main.ts` once per file over a copy of the run's site
 * (site-template.ts: what a browser test's server holds: owner, fixture rows, demo business),
 * and Playwright's own request client, so a test moved here from tests/e2e reads the same.
 */

interface FileFixtures {
  siteServer: SiteServer;
  /** The server's origin, as Playwright's `baseURL`. */
  baseURL: string;
  /** Playwright's APIRequestContext on the server, as Playwright's `request`. */
  request: APIRequestContext;
}

export const test = base.extend<FileFixtures>({
  siteServer: [
    // Vitest reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      if (!fs.existsSync("build/server/index.js")) {
        throw new Error("The HTTP tests serve the production build: run `npm run build` first.");
      }
      const site = await startSiteServer(await freeSitePort(), inject("siteTemplate"));
      await provide(site.server);
      await site.dispose();
    },
    { scope: "file" },
  ],
  baseURL: [async ({ siteServer }, provide) => provide(siteServer.origin), { scope: "file" }],
  request: [
    async ({ baseURL }, provide) => {
      const context = await playwrightRequest.newContext({ baseURL });
      await provide(context);
      await context.dispose();
    },
    { scope: "file" },
  ],
});

export { describe, expect } from "vitest";
