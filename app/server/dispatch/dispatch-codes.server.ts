import { and, desc, eq, getTableColumns, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "~/lib/activity";
import type { DispatchCodeStatus } from "~/lib/business-enums";
import {
  DEFAULT_EXPIRATION_HOURS,
  MAX_EXPIRATION_HOURS,
  MIN_EXPIRATION_HOURS,
  displayStatus,
  generateCode,
  isValidCode,
  normalizeCode,
  type RandomBytes,
} from "~/lib/dispatch/dispatch-code";
import { leadDisplayName } from "~/lib/leads/lead-labels";
import { RULE } from "~/lib/ui-text";
import type { ListQuery, Page } from "~/lib/admin/pagination";
import {
  assignments,
  dispatchCodes,
  leads,
  locksmiths,
  type DispatchCode,
} from "../db/business-tables.server";
import { recordActivity } from "../activity/activity.server";
import { lockChosenRecords } from "../leads/chosen-records.server";
import type { Db } from "../db/database.server";
import { contains, countWhere, isUuid, readPage } from "../db/list-query.server";
import { notFound, RuleError } from "../rule-error.server";

export type DispatchCodeListQuery = ListQuery<DispatchCodeStatus>;

export interface DispatchCodeListItem extends DispatchCode {
  /** What the list shows: 'expired' once past the expiration time, unless used. */
  displayStatus: DispatchCodeStatus;
  leadName: string | null;
  leadPhone: string | null;
  locksmithName: string | null;
}

export interface NewDispatchCode {
  /** `assigned` when dispatch makes the code for its locksmith; `new` otherwise. */
  status?: "new" | "assigned";
  /** Typed by the admin; absent: generated here (6 characters, A-Z and 0-9). */
  code?: string | null;
  leadId?: string | null;
  locksmithId?: string | null;
  expirationHours?: number;
}

const GENERATE_ATTEMPTS = 5;

/**
 * The status filter reads the status as displayed: "expired" also finds codes whose time
 * has passed, and "new"/"assigned" leave those out. `now` is one instant for the whole
 * request, the same one the rows' displayStatus is computed with.
 */
function statusCondition(status: DispatchCodeStatus, now: Date): SQL | undefined {
  switch (status) {
    case "used":
      return eq(dispatchCodes.status, "used");
    case "expired":
      return or(
        eq(dispatchCodes.status, "expired"),
        and(ne(dispatchCodes.status, "used"), lt(dispatchCodes.expirationTime, now)),
      );
    default:
      return and(eq(dispatchCodes.status, status), gte(dispatchCodes.expirationTime, now));
  }
}

/** Search by code (docs/spec/back-office.md §2 Dispatch Codes page) and the status filter. */
function codeFilter({ q, status }: DispatchCodeListQuery, now: Date): SQL | undefined {
  return and(
    status ? statusCondition(status, now) : undefined,
    q ? contains(dispatchCodes.code, q) : undefined,
  );
}

/** Codes, newest first, with the lead's and locksmith's names. */
export async function listDispatchCodes(
  db: Db,
  query: DispatchCodeListQuery = {},
  now: Date = new Date(),
): Promise<Page<DispatchCodeListItem>> {
  const where = codeFilter(query, now);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, dispatchCodes, where),
    rows: async (limit, offset) => {
      const rows = await selectCodes(db)
        .where(where)
        .orderBy(desc(dispatchCodes.createdAt), desc(dispatchCodes.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => withDisplay(row, now));
    },
  });
}

const codeLead = alias(leads, "code_lead");

function selectCodes(db: Db) {
  return (
    db
      .select({
        ...getTableColumns(dispatchCodes),
        leadName: codeLead.name,
        leadPhone: codeLead.phone,
        locksmithName: locksmiths.name,
        offerState: assignments.state,
        offerExpiresAt: assignments.expiresAt,
      })
      .from(dispatchCodes)
      .leftJoin(codeLead, eq(codeLead.id, dispatchCodes.leadId))
      .leftJoin(locksmiths, eq(locksmiths.id, dispatchCodes.locksmithId))
      // The offer the code was made for (one per code): its state decides what the code shows.
      .leftJoin(assignments, eq(assignments.dispatchCodeId, dispatchCodes.id))
  );
}

function withDisplay(
  {
    offerState,
    offerExpiresAt,
    ...row
  }: Omit<DispatchCodeListItem, "displayStatus"> & {
    offerState: string | null;
    offerExpiresAt: Date | null;
  },
  now: Date,
): DispatchCodeListItem {
  const offer =
    offerState && offerExpiresAt ? { state: offerState, expiresAt: offerExpiresAt } : null;
  return {
    ...row,
    leadName: row.leadId ? leadDisplayName(row.leadName) : null,
    displayStatus: displayStatus(row, now, offer),
  };
}

/**
 * A new code (typed, or drawn: 6 characters A-Z0-9, drawn again if taken), for a lead and a
 * locksmith if given, expiring `expirationHours` from now. Starts as `new`, or `assigned`
 * when dispatch makes it for a locksmith. Written with its activity-log entry; inside a
 * caller's transaction when given one.
 */
export async function createDispatchCode(
  db: Db,
  input: NewDispatchCode,
  actor: Actor,
  randomBytes?: RandomBytes,
): Promise<DispatchCode> {
  const hours = input.expirationHours ?? DEFAULT_EXPIRATION_HOURS;
  if (!Number.isInteger(hours) || hours < MIN_EXPIRATION_HOURS || hours > MAX_EXPIRATION_HOURS) {
    throw new RuleError(
      `Enter a whole number of hours from ${MIN_EXPIRATION_HOURS} to ${MAX_EXPIRATION_HOURS}`,
      { field: "expirationHours" },
    );
  }
  const typed = input.code ? normalizeCode(input.code) : undefined;
  if (typed !== undefined && !isValidCode(typed)) {
    throw new RuleError("Use 1 to 20 letters A-Z and digits 0-9", { field: "code" });
  }
  return db.transaction(async (tx) => {
    await lockChosenRecords(tx, input);
    for (let attempt = 0; attempt < (typed ? 1 : GENERATE_ATTEMPTS); attempt++) {
      const [row] = await tx
        .insert(dispatchCodes)
        .values({
          code: typed ?? generateCode(randomBytes),
          leadId: input.leadId || null,
          locksmithId: input.locksmithId || null,
          expirationTime: sql`now() + make_interval(hours => ${hours}::int)`,
          status: input.status ?? "new",
        })
        .onConflictDoNothing({ target: dispatchCodes.code })
        .returning();
      if (row) {
        await recordActivity(tx, {
          actor,
          entity: "dispatch_code",
          entityId: row.id,
          action: "created",
          after: {
            code: row.code,
            status: row.status,
            leadId: row.leadId,
            locksmithId: row.locksmithId,
            expirationTime: row.expirationTime.toISOString(),
          },
          leadId: row.leadId,
        });
        return row;
      }
    }
    throw new RuleError(RULE.codeTaken, { field: "code" });
  });
}

/** Any status from any other ("settable freely", docs/spec/back-office.md §4). */
export async function setDispatchCodeStatus(
  db: Db,
  id: string,
  status: DispatchCodeStatus,
  actor: Actor,
): Promise<DispatchCode> {
  if (!isUuid(id)) throw notFound(RULE.codeGone);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(dispatchCodes)
      .where(eq(dispatchCodes.id, id))
      .for("update");
    if (!before) throw notFound(RULE.codeGone);
    const [row] = await tx
      .update(dispatchCodes)
      .set({ status })
      .where(eq(dispatchCodes.id, id))
      .returning();
    if (before.status !== status) {
      await recordActivity(tx, {
        actor,
        entity: "dispatch_code",
        entityId: id,
        action: "status_changed",
        before: { status: before.status, code: before.code },
        after: { status, code: before.code },
        leadId: before.leadId,
      });
    }
    return row!;
  });
}
