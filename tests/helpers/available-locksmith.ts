import { eq } from "drizzle-orm";
import { locksmiths } from "~/server/db/business-tables.server";
import type { Db } from "~/server/db/database.server";
import { createLocksmith } from "~/server/locksmiths/locksmiths.server";
import { TEST_ACTOR } from "./actor";
import { uniquePhone } from "./phones";

/**
 * A locksmith made as the office makes one, with what a test does not care about filled in:
 * a phone nobody else has, no email, ZIP codes or payment method, a 60% cut.
 */
export function createTestLocksmith(
  db: Db,
  input: Partial<Parameters<typeof createLocksmith>[1]> & { name: string },
  actor = TEST_ACTOR,
) {
  return createLocksmith(
    db,
    {
      phone: uniquePhone(),
      email: null,
      assignedZips: [],
      paymentMethod: null,
      defaultCutPercent: 60,
      ...input,
    },
    actor,
  );
}

/**
 * A locksmith as the tests of dispatch and ranking want one: made as the office makes one
 * (Off: availability is opt-in, decision 0057), then Available with no shift's end, as if
 * they had opted in for longer than any test runs.
 */
export async function createAvailableLocksmith(
  db: Db,
  input: Parameters<typeof createTestLocksmith>[1],
  actor = TEST_ACTOR,
) {
  const made = await createTestLocksmith(db, input, actor);
  const [row] = await db
    .update(locksmiths)
    .set({ presence: "available" })
    .where(eq(locksmiths.id, made.id))
    .returning();
  return row!;
}
