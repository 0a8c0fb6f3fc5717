import { eq } from "drizzle-orm";
import { MESSAGES } from "~/lib/business-schemas";
import { leads, locksmiths } from "../db/business-tables.server";
import type { Database } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { BusinessRuleError } from "./errors.server";

export const INACTIVE_LOCKSMITH_MESSAGE = "That locksmith is inactive: activate them first.";

/**
 * Checks what a form chose, inside the caller's transaction: the lead exists, the locksmith
 * exists and is active. Both rows are share-locked until the transaction ends, so another
 * operator deleting the lead or deactivating the locksmith at the same moment waits for
 * this write instead of slipping between the check and it. A form's lists can be stale;
 * the refusal names the field it belongs next to.
 */
export async function lockChosenRecords(
  tx: Database,
  { leadId, locksmithId }: { leadId?: string | null; locksmithId?: string | null },
): Promise<void> {
  if (leadId) {
    const [lead] = isUuid(leadId)
      ? await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("share")
      : [];
    if (!lead) throw new BusinessRuleError(MESSAGES.chooseLead, "leadId");
  }
  if (locksmithId) {
    const [locksmith] = isUuid(locksmithId)
      ? await tx
          .select({ active: locksmiths.active })
          .from(locksmiths)
          .where(eq(locksmiths.id, locksmithId))
          .for("share")
      : [];
    if (!locksmith) throw new BusinessRuleError(MESSAGES.chooseLocksmith, "locksmithId");
    if (!locksmith.active) throw new BusinessRuleError(INACTIVE_LOCKSMITH_MESSAGE, "locksmithId");
  }
}
