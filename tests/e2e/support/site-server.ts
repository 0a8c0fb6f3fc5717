import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  E2E_ANGI_DOMAIN,
  E2E_ANGI_SECRET,
  E2E_OWNER,
  E2E_THUMBTACK_SECRET,
  googleAdsApiPort,
  pushServicePort,
  smtpPort,
  stripeApiPort,
  thumbtackApiPort,
} from "../../../playwright.config";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "../../helpers/fake-stripe";
import { createPostgresDatabase, testPostgresUrl } from "../../helpers/postgres";
import { createOwner, runScript, startAppServer, type AppDatabase } from "./app-process";

/**
 * A test server of the shared kind: its origin, and the ports it sends mail and pushes to and
 * asks Stripe on (a fake that a test serves there).
 */
export interface SiteServer {
  origin: string;
  smtpPort: number;
  pushServicePort: number;
  stripeApiPort: number;
}

/** The browser tests' TIN_ENCRYPTION_KEY: 32 bytes, base64; a test key, never a real one. */
export const E2E_TIN_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * A site's data: its database and a directory for the rest (compliance files; on PGlite the
 * database too). On PostgreSQL when the tests have one (TEST_DATABASE_URL), as production
 * runs: a server there starts in half the time and answers the back office's pages 20-45 %
 * faster than on PGlite on this 2-core machine (decision 0076); else on PGlite.
 */
interface SiteData {
  database: AppDatabase;
  dir: string;
  /** What a copy of this site starts from (`startSiteServer`'s `template`). */
  template: string;
}

/** The database the test servers run on (tests may check what it changes, as backups). */
export function siteDatabaseKind(): AppDatabase["kind"] {
  return testPostgresUrl() ? "postgres" : "pglite";
}

async function siteData(port: number, template: string | undefined): Promise<SiteData> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lockline-e2e-${port}-`));
  if (template) fs.cpSync(templateDir(template), dir, { recursive: true });
  const env = { FILES_DIR: path.join(dir, "files") };
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (siteDatabaseKind() === "postgres") {
    const created = await createPostgresDatabase(undefined, templateDatabase(template));
    return {
      database: {
        kind: "postgres",
        env: { ...env, DATABASE_URL: created.url },
        url: created.url,
        async dispose() {
          await created.drop();
          removeDir();
        },
      },
      dir,
      template: `${dir}#${new URL(created.url).pathname.slice(1)}`,
    };
  }
  return {
    database: {
      kind: "pglite",
      env: { ...env, DATA_DIR: path.join(dir, "db") },
      async dispose() {
        removeDir();
      },
    },
    dir,
    template: dir,
  };
}

/** A template names the directory to copy, and after a `#` the PostgreSQL database. */
function templateDir(template: string): string {
  return template.split("#")[0]!;
}

function templateDatabase(template: string | undefined): string | undefined {
  return template?.split("#")[1];
}

interface RunningSite {
  server: SiteServer;
  /** What a copy of this site starts from, once the server has stopped. */
  template: string;
  /** Stops the server; its data stays. */
  stop(): Promise<void>;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
}

/**
 * Starts a server on `port` over data of its own holding the known owner, the fixture rows
 * (tests/e2e/fixtures) and the day's demo business: a copy of `template` (made by
 * `makeSiteTemplate`) when given, else made here.
 */
export async function startSiteServer(
  port: number,
  template?: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningSite> {
  const data = await siteData(port, template);
  const { database } = data;
  if (!template) await addOwnerAndFixtures(database);
  const mailPort = smtpPort(port);
  const pushPort = pushServicePort(port);
  const stripePort = stripeApiPort(port);
  const app = await startAppServer({
    database,
    port,
    env: {
      // An empty business gets the demo; a copied template has it already.
      DEMO_DATA: "on",
      DEMO_SEED: process.env.E2E_DEMO_SEED ?? "0",
      // A configured license number, as the business would set it (decision 0036).
      AGENCY_LICENSE_NUMBER: "127.001847",
      LOG_LEVEL: "error",
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
      WEB_PUSH_TEST_SERVICE: `http://localhost:${pushPort}`,
      // The pay link is configured, through a fake Stripe on a local port (decision 0036):
      // the job page offers "Pay link"; a test that pays serves the fake there.
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
      // Taxpayer numbers are sealed (decision 0070): the demo's W-9s carry theirs.
      TIN_ENCRYPTION_KEY: E2E_TIN_KEY,
      // Redacted ID photos are sealed too (decision 0077), under a test key of their own.
      ID_PHOTO_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      // Thumbtack and Angi (decision 0073): webhooks accepted, replies to a local fake.
      THUMBTACK_WEBHOOK_SECRET: E2E_THUMBTACK_SECRET,
      THUMBTACK_ACCESS_TOKEN: "e2e-thumbtack-token",
      THUMBTACK_API_BASE: `http://127.0.0.1:${thumbtackApiPort(port)}`,
      ANGI_INBOUND_SECRET: E2E_ANGI_SECRET,
      ANGI_INBOUND_DOMAIN: E2E_ANGI_DOMAIN,
      // Google Local Services (decision 0072): pulled from a local fake of the Google Ads API.
      GOOGLE_ADS_DEVELOPER_TOKEN: "e2e-developer-token",
      GOOGLE_ADS_CLIENT_ID: "e2e-client.apps.googleusercontent.com",
      GOOGLE_ADS_CLIENT_SECRET: "e2e-client-secret",
      GOOGLE_ADS_API_BASE_URL: `http://127.0.0.1:${googleAdsApiPort(port)}`,
      GOOGLE_OAUTH_TOKEN_URL: `http://127.0.0.1:${googleAdsApiPort(port)}/token`,
      ...extraEnv,
    },
  });
  const stop = async () => {
    await app.stop();
  };
  return {
    server: {
      origin: app.origin,
      smtpPort: mailPort,
      pushServicePort: pushPort,
      stripeApiPort: stripePort,
    },
    template: data.template,
    stop,
    async dispose() {
      await stop();
      await database.dispose();
    },
  };
}

/**
 * The data each worker's server starts from a copy of: made once per run (owner, fixture
 * rows, then a server start loads the demo business and a clean stop closes the database),
 * so a worker, or one restarted after a failure, starts in seconds.
 */
export async function makeSiteTemplate(
  port: number,
): Promise<{ template: string; dispose: () => Promise<void> }> {
  const site = await startSiteServer(port);
  await site.stop();
  return { template: site.template, dispose: site.dispose };
}

async function addOwnerAndFixtures(database: AppDatabase) {
  // The owner's hash at the test cost (NODE_ENV=test only): the server, a production one,
  // checks each sign-in with the cost the hash names, so signing the owner in is cheap.
  await createOwner(database, E2E_OWNER, { NODE_ENV: "test", PASSWORD_HASH_COST: "test" });
  await runScript(database, "tests/e2e/fixtures/seed.ts");
}
