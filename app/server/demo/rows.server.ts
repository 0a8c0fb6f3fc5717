import type { activityLog } from "../db/activity-tables.server";
import type {
  assignments,
  callLogs,
  dispatchCodes,
  jobs,
  leads,
  locksmiths,
  payouts,
} from "../db/business-tables.server";
import type { messages } from "../db/messaging-tables.server";

/*
 * The rows the demo business is made of, in memory before they are inserted: shared by
 * business.server.ts, which builds them, and the parts it delegates (texts, payouts).
 */

export type LocksmithRow = typeof locksmiths.$inferInsert & { id: string };
export type LeadRow = typeof leads.$inferInsert & { id: string; createdAt: Date };
export type JobRow = typeof jobs.$inferInsert;
export type CodeRow = typeof dispatchCodes.$inferInsert;
export type AssignmentRow = typeof assignments.$inferInsert;
export type CallRow = typeof callLogs.$inferInsert;
export type ActivityRow = typeof activityLog.$inferInsert;
export type PayoutRow = typeof payouts.$inferInsert & { id: string };
export type MessageRow = typeof messages.$inferInsert;

export interface DemoBusiness {
  locksmiths: LocksmithRow[];
  leads: LeadRow[];
  jobs: JobRow[];
  dispatchCodes: CodeRow[];
  assignments: AssignmentRow[];
  callLogs: CallRow[];
  activity: ActivityRow[];
  payouts: PayoutRow[];
}
