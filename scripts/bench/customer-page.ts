/**
 * The customer's page (/t/:token, issue 29) for Lighthouse. Its link is a secret kept only as
 * a hash, so the benchmark makes one of its own: it migrates a new data directory and loads
 * the demo business into it as the server would on first start, then opens a link to the page
 * of the demo's latest completed job (the page at its fullest: who came, the quote, the
 * receipt, the review button). The server then starts on that directory.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { jobs } from "../../app/server/db/business-tables.server";
import { openDatabase, type Db } from "../../app/server/db/database.server";
import { loadDemoDataOnce } from "../../app/server/demo/seed.server";
import { createCustomerLink } from "../../app/server/customers/customer-links.server";
import { newDataDir, SetupError } from "./serve";

export async function prepareCustomerPage(db: Db): Promise<string> {
  const [job] = await db
    .select({ leadId: jobs.leadId })
    .from(jobs)
    .where(
      and(eq(jobs.status, "completed"), isNotNull(jobs.leadId), isNotNull(jobs.finalPriceCents)),
    )
    .orderBy(desc(jobs.completedAt))
    .limit(1);
  if (!job?.leadId) throw new SetupError("The demo business has no completed job with a lead.");
  const token = await createCustomerLink(db, job.leadId);
  return `/t/${token}`;
}

/**
 * A new data directory, migrated and loaded with the demo business as the server would on
 * first start, then handed to `prepare` (for what the benchmark needs made beforehand).
 */
export async function prepareDataDir<T>(prepare: (db: Db) => Promise<T>): Promise<[string, T]> {
  const dataDir = newDataDir();
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    await handle.migrate();
    await loadDemoDataOnce(handle.db);
    return [dataDir, await prepare(handle.db)];
  } finally {
    await handle.close();
  }
}
