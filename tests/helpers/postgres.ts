import crypto from "node:crypto";
import pg from "pg";

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL (tests read configuration
 * directly: they are not the app), empty or a copy of `template`, and a way to drop it. For
 * Vitest and Playwright alike.
 */
export async function createPostgresDatabase(
  adminUrl = process.env.TEST_DATABASE_URL!,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lockline_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
