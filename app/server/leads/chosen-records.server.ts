import { eq } from "drizzle-orm";
import { FIELD, RULE } from "~/lib/ui-text";
import { leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { RuleError } from "../rule-error.server";

/**
 * Checks what a form chose, inside the caller's transaction: the lead exists, the locksmith
 * exists and is active. Both rows are share-locked until the transaction ends, so another
 * operator deleting the lead or deactivating the locksmith at the same moment waits for
 * this write instead of slipping between the check and it. A form's lists can be stale;
 * the refusal names the field it belongs next to.
 */
export async function lockChosenRecords(
  tx: Db,
  { leadId, locksmithId }: { leadId?: string | null; locksmithId?: string | null },
): Promise<void> {
  if (leadId) {
    const [lead] = isUuid(leadId)
      ? await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("share")
      : [];
    if (!lead) throw new RuleError(FIELD.chooseLead, { field: "leadId" });
  }
  if (locksmithId) {
    const [locksmith] = isUuid(locksmithId)
      ? await tx
          .select({ active: locksmiths.active })
          .from(locksmiths)
          .where(eq(locksmiths.id, locksmithId))
          .for("share")
      : [];
    if (!locksmith) throw new RuleError(FIELD.chooseLocksmith, { field: "locksmithId" });
    if (!locksmith.active) throw new RuleError(RULE.locksmithInactive, { field: "locksmithId" });
  }
}
