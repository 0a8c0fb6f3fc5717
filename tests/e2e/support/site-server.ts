import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_OWNER, smtpPort } from "../../../playwright.config";
import { runScript, runUserCli, startAppServer, type AppDatabase } from "./app-process";

/** A worker's own server: its origin, and the port it sends mail to. */
export interface SiteServer {
  origin: string;
  smtpPort: number;
}

/**
 * Starts a worker's server on `port` over a data directory of its own: the known owner, the
 * fixture rows (tests/e2e/fixtures) and the day's demo business, as the single shared server
 * had. Resolves to the server and a way to stop it and delete its data.
 */
export async function startSiteServer(
  port: number,
): Promise<{ server: SiteServer; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lockline-e2e-${port}-`));
  const database: AppDatabase = {
    kind: "pglite",
    env: { DATA_DIR: dataDir },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // The owner's hash at the test cost (NODE_ENV=test only): the server, a production one,
  // checks each sign-in with the cost the hash names, so signing the owner in is cheap.
  runUserCli(
    database,
    [
      "create-owner",
      "--email",
      E2E_OWNER.email,
      "--name",
      E2E_OWNER.name,
      "--password",
      E2E_OWNER.password,
    ],
    { NODE_ENV: "test", PASSWORD_HASH_COST: "test" },
  );
  runScript(database, "tests/e2e/fixtures/seed.ts");
  const mailPort = smtpPort(port);
  const app = await startAppServer({
    database,
    port,
    env: {
      DEMO_DATA: "on",
      DEMO_SEED: process.env.E2E_DEMO_SEED ?? "0",
      LOG_LEVEL: "error",
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
    },
  });
  return {
    server: { origin: app.origin, smtpPort: mailPort },
    async dispose() {
      await app.stop();
      await database.dispose();
    },
  };
}
