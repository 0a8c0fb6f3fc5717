import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { storablePhone } from "~/lib/phone-parse";
import { customers, jobs, leads, type Customer } from "../db/business-tables.server";
import type { Db } from "../db/database.server";

/**
 * The customer with this phone number, made now if there is none: a lead, a call or a job
 * from a number finds its customer. A name or address is filled in where the customer has
 * none yet (what an operator typed on the customer is never overwritten by a form).
 * Undefined for what is not a callable number (a withheld caller).
 */
export async function customerFor(
  tx: Db,
  phone: string,
  known: { name?: string | null; address?: string | null } = {},
): Promise<Customer | undefined> {
  const e164 = storablePhone(phone);
  if (!e164) return undefined;
  const [row] = await tx
    .insert(customers)
    .values({ phone: e164, name: known.name || null, address: known.address || null })
    .onConflictDoUpdate({
      target: customers.phone,
      set: {
        name: sql`coalesce(${customers.name}, excluded.name)`,
        address: sql`coalesce(${customers.address}, excluded.address)`,
      },
    })
    .returning();
  return row;
}

export interface CustomerHistory {
  customer: Customer;
  /** Leads before this one. */
  earlierLeads: number;
  /** The customer's jobs from other leads (or none), newest first, a few. */
  earlierJobs: { id: string; status: string; createdAt: Date; leadId: string | null }[];
  earlierJobCount: number;
}

/** What the lead page says of a returning customer: their other leads and jobs. */
export async function customerHistory(
  db: Db,
  customerId: string,
  leadId: string,
): Promise<CustomerHistory | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) return undefined;
  const otherJobs = and(
    eq(jobs.customerId, customerId),
    sql`${jobs.leadId} is distinct from ${leadId}`,
  );
  const [[leadCount], [jobCount], earlierJobs] = await Promise.all([
    db
      .select({ n: count() })
      .from(leads)
      .where(and(eq(leads.customerId, customerId), ne(leads.id, leadId))),
    db.select({ n: count() }).from(jobs).where(otherJobs),
    db
      .select({
        id: jobs.id,
        status: jobs.status,
        createdAt: jobs.createdAt,
        leadId: jobs.leadId,
      })
      .from(jobs)
      .where(otherJobs)
      .orderBy(desc(jobs.createdAt))
      .limit(5),
  ]);
  return {
    customer,
    earlierLeads: Number(leadCount?.n ?? 0),
    earlierJobs,
    earlierJobCount: Number(jobCount?.n ?? 0),
  };
}
