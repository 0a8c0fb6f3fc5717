import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/server/db/database.server";
import { createPostgresDatabase, testPostgresUrl } from "./postgres";

/*
 * Vitest's global setup: the migrations run once per run, not once per suite. A migrated
 * PGlite is archived (`dump()`) for every suite to start from, and on PostgreSQL a migrated
 * database becomes the template each suite's database is created from. Migrating from
 * scratch took ~1.3 s a suite on PGlite; loading the archive takes ~0.5 s.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The archive of a migrated PGlite (a file path). */
    pgliteTemplate: string;
    /** PostgreSQL (with TEST_DATABASE_URL): the name of a migrated template database. */
    postgresTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const archive = path.join(
    os.tmpdir(),
    `lockline-pglite-template-${crypto.randomBytes(6).toString("hex")}.tar.gz`,
  );
  const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  await pglite.migrate();
  fs.writeFileSync(archive, await pglite.dump!());
  await pglite.close();
  project.provide("pgliteTemplate", archive);

  let dropTemplate: (() => Promise<void>) | undefined;
  // Throws when PostgreSQL is required (REQUIRE_POSTGRES=1) and not configured: the run fails.
  if (testPostgresUrl()) {
    const created = await createPostgresDatabase();
    dropTemplate = created.drop;
    const postgres = await openDatabase({ kind: "postgres", url: created.url, poolSize: 1 });
    await postgres.migrate();
    await postgres.close();
    project.provide("postgresTemplate", new URL(created.url).pathname.slice(1));
  } else {
    project.provide("postgresTemplate", undefined);
  }

  return async () => {
    fs.rmSync(archive, { force: true });
    await dropTemplate?.();
  };
}
