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
 *
 * Every project inherits this file from the root config, and Vitest runs each project's
 * global setup one after another, the root's always: the root alone makes the templates, and
 * the projects read them from its provided context, which they inherit. Made in every
 * project, they cost 5-6 s each on a quiet host (10-15 s on a busy one), four times over,
 * before the first test (2026-12-01).
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
  if (project !== project.vitest.getRootProject()) return;
  // Side by side: PGlite migrates on this process's core, PostgreSQL on its server's.
  const [pglite, postgres] = await Promise.all([pgliteTemplate(), postgresTemplate()]);
  project.provide("pgliteTemplate", pglite.archive);
  project.provide("postgresTemplate", postgres?.name);
  return async () => {
    fs.rmSync(pglite.archive, { force: true });
    await postgres?.drop();
  };
}

async function pgliteTemplate(): Promise<{ archive: string }> {
  const archive = path.join(
    os.tmpdir(),
    `lockline-pglite-template-${crypto.randomBytes(6).toString("hex")}.tar.gz`,
  );
  const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  await pglite.migrate();
  fs.writeFileSync(archive, await pglite.dump!());
  await pglite.close();
  return { archive };
}

async function postgresTemplate(): Promise<{ name: string; drop(): Promise<void> } | undefined> {
  // Throws when PostgreSQL is required (REQUIRE_POSTGRES=1) and not configured: the run fails.
  if (!testPostgresUrl()) return undefined;
  const created = await createPostgresDatabase();
  const postgres = await openDatabase({ kind: "postgres", url: created.url, poolSize: 1 });
  await postgres.migrate();
  await postgres.close();
  return { name: new URL(created.url).pathname.slice(1), drop: created.drop };
}
