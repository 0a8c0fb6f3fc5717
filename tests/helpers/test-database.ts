import fs from "node:fs";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { createPostgresDatabase, databaseKinds } from "./postgres";

export interface TestDatabase {
  /** The open, migrated database; set before the suite's tests run. */
  handle: DatabaseHandle;
  /** PostgreSQL only: the suite's database, for a second process's connection. */
  url?: string;
}

/**
 * Runs a suite once per database kind, each on a fresh, migrated database: an in-memory
 * PGlite, or a new PostgreSQL database created for the suite and dropped after it. Both are
 * copies of a database migrated once per run (database-templates.ts); `migrate()` then
 * finds nothing to apply, and says so in one query.
 */
export function describeEachDatabase(name: string, suite: (db: TestDatabase) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const state = {} as TestDatabase;
      let dropDatabase: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        if (kind === "pglite") {
          state.handle = await openDatabase({
            kind: "pglite",
            dataDir: "memory://",
            loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]),
          });
        } else {
          const created = await createPostgresDatabase(undefined, inject("postgresTemplate"));
          dropDatabase = created.drop;
          state.url = created.url;
          state.handle = await openDatabase({ kind: "postgres", url: created.url, poolSize: 4 });
        }
        await state.handle.migrate();
      });
      afterAll(async () => {
        await state.handle?.close();
        await dropDatabase?.();
      });
      suite(state);
    });
  }
}
