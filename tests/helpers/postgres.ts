import crypto from "node:crypto";
import pg from "pg";

/*
 * Tests read configuration directly: they are not the app. TEST_DATABASE_URL names a
 * PostgreSQL server where they may create databases; REQUIRE_POSTGRES=1 (set by .ci/run) says
 * it must be there, so a database test fails rather than run on PGlite alone or skip.
 */

/** Whether the tests must run on PostgreSQL too (CI). */
function postgresRequired(): boolean {
  return process.env.REQUIRE_POSTGRES === "1";
}

/** TEST_DATABASE_URL; when it is unset but PostgreSQL is required, an error that says so. */
export function testPostgresUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (!url && postgresRequired()) {
    throw new Error(
      "REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the database tests must run on " +
        "PostgreSQL too. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a " +
        "server where the tests may create databases), or unset REQUIRE_POSTGRES to run on " +
        "PGlite alone.",
    );
  }
  return url;
}

/** The databases every database test runs on: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): ("pglite" | "postgres")[] {
  return testPostgresUrl() ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Whether a PostgreSQL-only test skips: only when no server is configured and none is
 * required. Required and missing, it runs and fails in `createPostgresDatabase`, saying why.
 */
export function skipWithoutPostgres(): boolean {
  return !process.env.TEST_DATABASE_URL && !postgresRequired();
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, empty or a copy of
 * `template`, and a way to drop it. For Vitest and Playwright alike.
 */
export async function createPostgresDatabase(
  adminUrl = requiredPostgresUrl(),
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

function requiredPostgresUrl(): string {
  const url = testPostgresUrl();
  if (!url) throw new Error("TEST_DATABASE_URL is not set: this test needs PostgreSQL.");
  return url;
}
