import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { listEntityActivity, listLeadActivity, recordActivity } from "./activity.server";

describeEachDatabase("activity log", (t) => {
  it("lists a lead's timeline newest first, its jobs' entries included", async () => {
    const leadId = crypto.randomUUID();
    const jobId = crypto.randomUUID();
    const db = t.handle.db;
    await recordActivity(db, {
      actor: { kind: "customer" },
      entity: "lead",
      entityId: leadId,
      action: "created",
      after: { source: "web" },
      leadId,
    });
    await recordActivity(db, {
      actor: { kind: "user", id: "u1", name: "Olivia Owner" },
      entity: "job",
      entityId: jobId,
      action: "created",
      leadId,
    });
    const timeline = await listLeadActivity(db, leadId);
    expect(timeline.map((row) => [row.entity, row.action, row.actorName])).toEqual([
      ["job", "created", "Olivia Owner"],
      ["lead", "created", null],
    ]);
    expect(timeline[1]).toMatchObject({ actorKind: "customer", after: { source: "web" } });
    expect((await listEntityActivity(db, "job", jobId)).map((row) => row.action)).toEqual([
      "created",
    ]);
  });

  it("is written with the change or not at all", async () => {
    const leadId = crypto.randomUUID();
    await expect(
      t.handle.db.transaction(async (tx) => {
        await recordActivity(tx, {
          actor: { kind: "system" },
          entity: "lead",
          entityId: leadId,
          action: "status_changed",
          leadId,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await listLeadActivity(t.handle.db, leadId)).toEqual([]);
  });

  it("refuses to change or delete history", async () => {
    const leadId = crypto.randomUUID();
    await recordActivity(t.handle.db, {
      actor: { kind: "system" },
      entity: "lead",
      entityId: leadId,
      action: "created",
      leadId,
    });
    // Drizzle wraps the database's error: the reason is its cause.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "done",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    const id = sql`${leadId}::uuid`;
    expect(
      await refusal(
        t.handle.db.execute(sql`update ${activityLog} set action = 'x' where lead_id = ${id}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.handle.db.execute(sql`delete from ${activityLog} where lead_id = ${id}`)),
    ).toMatch(/append-only/);
    expect(await listLeadActivity(t.handle.db, leadId)).toHaveLength(1);
  });
});
