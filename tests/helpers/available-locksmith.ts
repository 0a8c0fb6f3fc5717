import { eq } from "drizzle-orm";
import { locksmiths } from "~/server/db/business-tables.server";
import type { Db } from "~/server/db/database.server";
import { createLocksmith } from "~/server/locksmiths/locksmiths.server";
import { TEST_ACTOR } from "./actor";

/**
 * A locksmith as the tests of dispatch and ranking want one: made as the office makes one
 * (Off: availability is opt-in, decision 0057), then Available with no shift's end, as if
 * they had opted in for longer than any test runs.
 */
export async function createAvailableLocksmith(
  db: Db,
  input: Parameters<typeof createLocksmith>[1],
  actor = TEST_ACTOR,
) {
  const made = await createLocksmith(db, input, actor);
  const [row] = await db
    .update(locksmiths)
    .set({ presence: "available" })
    .where(eq(locksmiths.id, made.id))
    .returning();
  return row!;
}
