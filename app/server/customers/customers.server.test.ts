import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { customers } from "../db/business-tables.server";
import { customerFor, customerHistory } from "./customers.server";
import { createJobFromLead, setJobStatus } from "../money/jobs.server";
import { createLead } from "../leads/leads.server";

describeEachDatabase("customers", (t) => {
  it("are one per phone number, whatever way it was typed; a name is filled in, never replaced", async () => {
    const db = t.handle.db;
    const phone = uniquePhone();
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const first = await customerFor(db, typed);
    expect(first?.phone).toBe(phone);
    expect(first?.name).toBeNull();
    const named = await customerFor(db, phone, { name: "Ann Lee", address: "1 W Main St" });
    expect(named).toMatchObject({ id: first!.id, name: "Ann Lee", address: "1 W Main St" });
    const again = await customerFor(db, `1-${typed}`, { name: "Someone Else" });
    expect(again).toMatchObject({ id: first!.id, name: "Ann Lee" });
    const [rows] = await db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.phone, phone));
    expect(rows!.n).toBe(1);
  });

  it("are not made for a withheld or malformed number", async () => {
    expect(await customerFor(t.handle.db, "anonymous")).toBeUndefined();
    expect(await customerFor(t.handle.db, "555-01")).toBeUndefined();
  });

  it("are made once when many leads from one number arrive at once", async () => {
    const phone = uniquePhone();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createLead(
          t.handle.db,
          { name: `Caller ${i}`, phone, serviceType: "emergency" },
          TEST_ACTOR,
        ),
      ),
    );
    const [rows] = await t.handle.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.phone, phone));
    expect(rows!.n).toBe(1);
  });

  it("count a returning customer's earlier leads and jobs, not this lead's", async () => {
    const db = t.handle.db;
    const phone = uniquePhone();
    const earlier = await createLead(
      db,
      { name: "Rae", phone, serviceType: "key_duplication" },
      TEST_ACTOR,
    );
    const { job } = await createJobFromLead(db, earlier.id, TEST_ACTOR);
    await setJobStatus(db, job.id, "completed", TEST_ACTOR);
    const now = await createLead(db, { name: "Rae", phone, serviceType: "rekeying" }, TEST_ACTOR);
    const history = await customerHistory(db, now.customerId!, now.id);
    expect(history).toMatchObject({ earlierLeads: 1, earlierJobCount: 1 });
    expect(history?.earlierJobs.map((row) => row.id)).toEqual([job.id]);
    const first = await customerHistory(db, earlier.customerId!, earlier.id);
    expect(first).toMatchObject({ earlierLeads: 1, earlierJobCount: 0 });
  });
});
