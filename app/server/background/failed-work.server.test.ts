import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { RULE } from "~/lib/ui-text";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { messages } from "../db/messaging-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { dropDeadTimer, listFailedWork, retryDeadTimer } from "./failed-work.server";
import { claimDueTimers } from "./timers.server";

/* The owner's Failed background work: what is listed, in words, and its Retry now and Drop. */
describeEachDatabase("failed background work", (t) => {
  const db = () => t.handle.db;
  const wentDead = new Date("2026-11-29T04:00:00Z");

  beforeEach(async () => {
    await db().delete(timers);
    await db().delete(messages);
  });

  async function aDeadTimer(kind = "receipt_mail") {
    const [row] = await db()
      .insert(timers)
      .values({
        kind,
        key: `${kind}:${randomUUID()}`,
        dueAt: new Date(wentDead.getTime() - 600_000),
        state: "dead",
        attempts: 5,
        tries: 5,
        firedAt: wentDead,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
      })
      .returning();
    return row!;
  }

  it("lists dead timers and texts that did not go, newest first, in words", async () => {
    const timer = await aDeadTimer();
    await db()
      .insert(messages)
      .values([
        {
          toPhone: "+17085550142",
          body: "Lockline: on the way",
          purpose: "customer_dispatched",
          status: "failed",
          attempts: 5,
          lastError: "Gave up after 5 tries: Twilio 20500: Service Unavailable",
          createdAt: new Date(wentDead.getTime() + 60_000),
        },
        // Sent, or waiting for the office to send by hand: not failed work.
        { toPhone: "+17085550143", body: "x", purpose: "customer_dispatched", status: "sent" },
        { toPhone: "+17085550144", body: "x", purpose: "customer_dispatched", status: "unsent" },
      ]);
    // Timers still running or finished are not listed.
    await db().insert(timers).values({ kind: "eta_text", key: randomUUID(), dueAt: wentDead });
    const listed = await listFailedWork(db());
    expect(listed).toEqual([
      expect.objectContaining({
        work: "text",
        what: "Text to (708) 555-0142",
        attempts: 5,
        error: "Gave up after 5 tries: Twilio 20500: Service Unavailable",
      }),
      expect.objectContaining({
        work: "timer",
        id: timer.id,
        what: "Receipt e-mail",
        at: wentDead,
        error: expect.stringMatching(/^The other service refused the connection/),
      }),
    ]);
  });

  it("Retry now makes a dead timer due at once with its tries counted afresh", async () => {
    const timer = await aDeadTimer();
    await retryDeadTimer(db(), timer.id, TEST_ACTOR);
    const claimed = await claimDueTimers(db(), { limit: 10, leaseMs: 30_000 });
    expect(claimed).toEqual([expect.objectContaining({ id: timer.id, tries: 1, attempts: 6 })]);
    expect(await listFailedWork(db())).toEqual([]);
  });

  it("Drop gives up on it; a second click or another owner's is refused in words", async () => {
    const timer = await aDeadTimer();
    await dropDeadTimer(db(), timer.id, TEST_ACTOR);
    const [row] = await db().select().from(timers).where(eq(timers.id, timer.id));
    expect(row).toMatchObject({ state: "cancelled" });
    expect(await listFailedWork(db())).toEqual([]);
    await expect(dropDeadTimer(db(), timer.id, TEST_ACTOR)).rejects.toThrow(
      RULE.backgroundWorkNotDead,
    );
    await expect(retryDeadTimer(db(), timer.id, TEST_ACTOR)).rejects.toThrow(
      RULE.backgroundWorkNotDead,
    );
    await expect(retryDeadTimer(db(), randomUUID(), TEST_ACTOR)).rejects.toThrow(
      RULE.backgroundWorkGone,
    );
  });
});
