import { and, eq, isNull, lt } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { ServiceType } from "~/lib/business-enums";
import {
  DOOR_CHECK_FIELD,
  idExpired,
  statementText,
  type StatementWay,
} from "~/lib/door-check/check-form";
import type { DoorCheckInput } from "~/lib/schemas/door-check";
import { OFFICE_GATE, officeGate } from "~/lib/door-check/standing";
import { OPENED_THING_LABELS, openedThingOf, opensSomething } from "~/lib/door-check/opens";
import type { DoorCheckOutcome } from "~/lib/door-check/outcome";
import {
  DEFAULT_RETENTION,
  isPastRetention,
  keptYears,
  RETENTION_YEARS_MAX,
  type RetentionSettings,
} from "~/lib/door-check/retention";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { recordActivity } from "../activity/activity.server";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Job, Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { doorChecks, type DoorCheck } from "../db/door-check-tables.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { RuleError } from "../rule-error.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";
import { requireIdPhotoAllowed, saveKeepIdPhoto } from "./id-photos.server";

/*
 * The door-opening record (issue 49, decision 0069): before a locksmith quotes or completes a
 * job that opens something, they record who asked, the photo ID and the document of authority
 * they saw, a vehicle's VIN and plate, and the customer's statement (on the customer's own
 * phone, or on the locksmith's screen), or they refuse the opening. The activity log says that
 * a check was made and how it came out, never its contents; only owners open a record, and
 * each opening is logged. Past its retention a record's contents are emptied by a timer.
 */

export const DOOR_CHECK_RULE = {
  locked:
    "Check the customer's photo ID and their right to enter first: the quote and the completion open once the check is recorded",
  recorded: "The check for this job is recorded already",
  notWaiting: "Nothing waits for your confirmation on this visit",
  vehicle: "A car job opens a vehicle: choose A vehicle",
  noText: "No text can reach the customer's phone: let them confirm on your screen instead",
  gone: "This record is gone: it passed its retention and was purged",
  notFound: "No door check is recorded for this job",
  // The office's gate (decision 0075): its Edit Pricing and completion, as the locksmith's page.
  officeLocked: OFFICE_GATE.locked,
  refusedUnpaid: OFFICE_GATE.refused,
  opensNothing: "This job opens nothing: it needs no door check",
  jobEnded: "This job has ended: a check is recorded only while it is in progress",
} as const;

export const DOOR_CHECK_ACTIONS = {
  recorded: "door_check_recorded",
  statementAsked: "door_statement_asked",
  statementGiven: "door_statement_given",
  refused: "door_check_refused",
  opened: "door_check_opened",
  purged: "door_check_purged",
  retentionChanged: "door_check_retention_changed",
} as const;

export async function readDoorCheck(db: Db, jobId: string): Promise<DoorCheck | undefined> {
  const [row] = await db.select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
  return row;
}

/** Whether a job's quote and completion wait for a check: it opens something, unchecked. */
export async function doorCheckPending(
  db: Db,
  serviceType: ServiceType,
  jobId: string,
): Promise<boolean> {
  if (!opensSomething(serviceType)) return false;
  return (await readDoorCheck(db, jobId))?.outcome !== "checked";
}

/** Refuses the quote and the completion until the check is recorded (RuleError). */
export async function requireDoorCheck(tx: Db, lead: Lead, jobId: string): Promise<void> {
  if (await doorCheckPending(tx, lead.serviceType, jobId)) {
    throw new RuleError(DOOR_CHECK_RULE.locked);
  }
}

/**
 * The office's gate (decision 0075): Edit Pricing and a completion of a job that opens something
 * are refused until its check is recorded (by the locksmith, or by the office by phone); a
 * refused opening is not priced. A job completed before the gate keeps its money.
 */
export async function requireOfficeDoorCheck(
  tx: Db,
  job: Pick<Job, "id" | "jobType" | "status">,
): Promise<void> {
  const pending = officeGate(job, undefined);
  if (!pending) return;
  const problem = officeGate(job, (await readDoorCheck(tx, job.id))?.outcome);
  if (problem) throw new RuleError(problem);
}

interface CheckStep {
  /** Null for a job the office made with no lead (a check by phone only). */
  lead: Lead | null;
  serviceType: ServiceType;
  jobId: string;
  locksmithId: string | null;
  actor: Actor;
  texts: TextContext;
  now: Date;
  /** Reported to the office by phone (decision 0075): the log says so. */
  byPhone?: boolean;
}

/** The words of the place opened, for the statement. */
function openedWords(lead: Lead, opened: keyof typeof OPENED_THING_LABELS): string {
  const place = OPENED_THING_LABELS[opened].toLowerCase();
  return lead.address ? `${place} at ${lead.address}` : place;
}

/**
 * The locksmith records the check, in the caller's transaction. Signed on the screen: the check
 * is done. To be signed on the customer's phone: the customer is texted their page, where they
 * read the statement, type their name and confirm (recordCustomerStatement). Refused when the
 * check is recorded already, the ID has expired, or a car job is said to open something else.
 * Returns what happened.
 */
/** A check as it is recorded: the locksmith's form, or the office's by phone (`by_phone`). */
export type RecordedCheck = Omit<DoorCheckInput, "intent" | "consent" | "statementWay"> & {
  statementWay: StatementWay;
};

export async function recordDoorCheck(
  tx: Db,
  step: CheckStep,
  check: RecordedCheck,
  /** The file store's key of the sealed, redacted ID photo stored for it (decision 0077). */
  idPhotoKey?: string,
): Promise<"door_checked" | "door_statement_sent"> {
  const waiting = await checkToReplace(tx, step.jobId);
  const fixed = openedThingOf(step.serviceType);
  if (fixed === "vehicle" && check.opened !== "vehicle") {
    throw new RuleError(DOOR_CHECK_RULE.vehicle, { field: "opened" });
  }
  if (idExpired(check.idExpiry, formatDay(chicagoDay(step.now)))) {
    throw new RuleError(DOOR_CHECK_FIELD.idExpired, { field: "idExpiry" });
  }
  // Read in this transaction: an owner turning the setting off wins over a photo in flight.
  if (idPhotoKey) await requireIdPhotoAllowed(tx);
  // Signed on the screen, or given out loud and read to the office by phone: done now.
  const onScreen = check.statementWay !== "customer_link";
  const outcome: DoorCheckOutcome = onScreen ? "checked" : "awaiting_statement";
  const values = {
    jobId: step.jobId,
    leadId: step.lead?.id ?? null,
    locksmithId: step.locksmithId,
    outcome,
    opened: check.opened,
    askedBy: check.askedBy,
    idType: check.idType,
    idLast4: check.idLast4,
    idExpiry: check.idExpiry,
    idNameMatches: check.idNameMatches === "yes",
    authority: check.authority,
    authorityNameMatches: check.authorityNameMatches === "yes",
    authorityAddressMatches: check.authorityAddressMatches === "yes",
    vin: check.opened === "vehicle" ? (check.vin ?? null) : null,
    plate: check.opened === "vehicle" ? (check.plate ?? null) : null,
    statementWay: check.statementWay,
    statementName: onScreen ? (check.signerName ?? null) : null,
    statementSignature: onScreen ? (check.signature ?? null) : null,
    statementAt: onScreen ? step.now : null,
    recordedAt: step.now,
    ...(idPhotoKey && { idPhotoKey }),
  };
  if (!onScreen) await textStatementLink(tx, step);
  await writeCheck(tx, waiting, values);
  await logCheckStep(
    tx,
    step,
    onScreen ? DOOR_CHECK_ACTIONS.recorded : DOOR_CHECK_ACTIONS.statementAsked,
    {
      outcome,
      opened: check.opened,
      statementWay: check.statementWay,
      ...(idPhotoKey && { idPhoto: true }),
    },
  );
  return onScreen ? "door_checked" : "door_statement_sent";
}

/** Texts the customer their page, where the statement waits for them (asked for in person). */
async function textStatementLink(tx: Db, step: CheckStep): Promise<void> {
  if (!step.lead || !step.texts.sender.configured) throw new RuleError(DOOR_CHECK_RULE.noText);
  const texted = await queueCustomerText(
    tx,
    step.texts,
    step.lead,
    {
      kind: "customer_door_statement",
      values: {
        service: SERVICE_TYPE_LABELS[step.serviceType],
        locksmith: step.actor.name,
        customer_link: await newCustomerPageUrl(tx, step.texts, step.lead.id, step.now),
      },
      jobId: step.jobId,
    },
    step.actor,
    true,
  );
  if (!texted) throw new RuleError(DOOR_CHECK_RULE.noText);
}

/** The statement the customer's page shows, while one waits for them. */
export async function waitingStatement(
  db: Db,
  lead: Lead,
  jobId: string,
): Promise<string | undefined> {
  const check = await readDoorCheck(db, jobId);
  if (check?.outcome !== "awaiting_statement" || !check.opened) return undefined;
  return statementText(openedWords(lead, check.opened));
}

/** The statement as the locksmith's screen shows it, before they say what is opened. */
export function statementOnScreen(
  lead: Lead,
  opened: keyof typeof OPENED_THING_LABELS | undefined,
): string {
  if (opened) return statementText(openedWords(lead, opened));
  const where = lead.address ? ` at ${lead.address}` : "";
  return statementText(`the door, vehicle or safe${where}`);
}

/**
 * The customer confirms the statement on their own page: the check is done, recorded as
 * coming from the customer's link, with the time and the name they typed.
 */
export async function recordCustomerStatement(
  tx: Db,
  input: { lead: Lead; jobId: string; signerName: string; actor: Actor; now: Date },
): Promise<void> {
  const [row] = await tx
    .update(doorChecks)
    .set({
      outcome: "checked",
      statementWay: "customer_link",
      statementName: input.signerName,
      statementAt: input.now,
    })
    .where(and(eq(doorChecks.jobId, input.jobId), eq(doorChecks.outcome, "awaiting_statement")))
    .returning({ id: doorChecks.id });
  if (!row) throw new RuleError(DOOR_CHECK_RULE.notWaiting);
  await recordActivity(tx, {
    actor: input.actor,
    entity: "job",
    entityId: input.jobId,
    action: DOOR_CHECK_ACTIONS.statementGiven,
    after: { outcome: "checked", statementWay: "customer_link" },
    leadId: input.lead.id,
  });
}

/**
 * The refusal's record (the caller ends the assignment and the job): the reason, no more. A
 * check half done (waiting for the customer's statement) is replaced by the refusal.
 */
export async function recordRefusal(
  tx: Db,
  step: Omit<CheckStep, "texts">,
  reason: string,
): Promise<void> {
  const waiting = await checkToReplace(tx, step.jobId);
  await writeCheck(tx, waiting, {
    ...EMPTY_CONTENTS,
    jobId: step.jobId,
    leadId: step.lead?.id ?? null,
    locksmithId: step.locksmithId,
    outcome: "refused",
    refusalReason: reason,
    recordedAt: step.now,
  });
  await logCheckStep(tx, step, DOOR_CHECK_ACTIONS.refused, {
    outcome: "refused",
    ...(step.byPhone && { byPhone: true }),
  });
}

/**
 * The job's check a step may write over: none yet, or one waiting for the customer's
 * statement. Refused when the check is recorded already.
 */
async function checkToReplace(tx: Db, jobId: string): Promise<DoorCheck | undefined> {
  const existing = await readDoorCheck(tx, jobId);
  if (existing && existing.outcome !== "awaiting_statement") {
    throw new RuleError(DOOR_CHECK_RULE.recorded);
  }
  return existing;
}

/** Writes a step's record: over the check that waited, or as the job's first. */
async function writeCheck(
  tx: Db,
  waiting: DoorCheck | undefined,
  values: typeof doorChecks.$inferInsert,
): Promise<void> {
  if (waiting) {
    await tx.update(doorChecks).set(values).where(eq(doorChecks.id, waiting.id));
  } else {
    await tx.insert(doorChecks).values(values);
  }
}

/** A step's line in the job's log: that a check was made and how, never its contents. */
async function logCheckStep(
  tx: Db,
  step: Pick<CheckStep, "actor" | "jobId" | "lead">,
  action: string,
  after: Record<string, unknown>,
): Promise<void> {
  await recordActivity(tx, {
    actor: step.actor,
    entity: "job",
    entityId: step.jobId,
    action,
    after,
    leadId: step.lead?.id ?? null,
  });
}

/** The personal contents of a record: what a purge empties. */
const EMPTY_CONTENTS = {
  opened: null,
  askedBy: null,
  idType: null,
  idLast4: null,
  idExpiry: null,
  idNameMatches: null,
  authority: null,
  authorityNameMatches: null,
  authorityAddressMatches: null,
  vin: null,
  plate: null,
  statementWay: null,
  statementName: null,
  statementSignature: null,
  statementAt: null,
  refusalReason: null,
} as const;

/**
 * An owner opens a record's contents: logged, each time, with who opened it. Refused (404)
 * when the job has none, and said plainly when it was purged.
 */
export async function openDoorCheck(db: Db, jobId: string, actor: Actor): Promise<DoorCheck> {
  const check = await readDoorCheck(db, jobId);
  if (!check) throw new RuleError(DOOR_CHECK_RULE.notFound, { notFound: true });
  if (check.purgedAt) throw new RuleError(DOOR_CHECK_RULE.gone, { notFound: true });
  await recordActivity(db, {
    actor,
    entity: "job",
    entityId: jobId,
    action: DOOR_CHECK_ACTIONS.opened,
    after: { checkId: check.id },
    leadId: check.leadId,
  });
  return check;
}

const RETENTION_KEY = "door_check_retention";

export async function readRetention(db: Db): Promise<RetentionSettings> {
  const stored = await readSetting<Partial<RetentionSettings>>(db, RETENTION_KEY);
  const whole = (value: unknown, fallback: number) =>
    Number.isSafeInteger(value) &&
    (value as number) >= 1 &&
    (value as number) <= RETENTION_YEARS_MAX
      ? (value as number)
      : fallback;
  return {
    years: whole(stored?.years, DEFAULT_RETENTION.years),
    legalMinimumYears: whole(stored?.legalMinimumYears, DEFAULT_RETENTION.legalMinimumYears),
  };
}

export async function saveRetention(
  db: Db,
  settings: RetentionSettings,
  actor: Actor,
  /** The ID photo setting, saved in the same transaction (decision 0077). */
  keepIdPhoto?: boolean,
): Promise<void> {
  // Only the two numbers are stored, whatever else the caller's object carries (a form's intent).
  const value: RetentionSettings = {
    years: settings.years,
    legalMinimumYears: settings.legalMinimumYears,
  };
  await db.transaction(async (tx) => {
    const before = await readRetention(tx);
    await writeSetting(tx, RETENTION_KEY, value);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: RETENTION_KEY,
      action: DOOR_CHECK_ACTIONS.retentionChanged,
      before: { ...before },
      after: { ...value },
    });
    if (keepIdPhoto !== undefined) await saveKeepIdPhoto(tx, keepIdPhoto, actor);
  });
}

const PURGE_ACTOR: Actor = { kind: "system", name: "Retention" };
const DAY_MS = 86_400_000;

/**
 * Empties the contents of every record past its retention (the purge timer, hourly), each
 * purge logged. Read from the settings at the time of the purge, so raising the legal minimum
 * keeps records already made for longer. Returns how many were purged, and the file store keys
 * of their ID photos, whose bytes the caller removes once this transaction has committed.
 */
export async function purgeDoorChecks(
  tx: Db,
  now: Date,
): Promise<{ purged: number; photoKeys: string[] }> {
  const retention = await readRetention(tx);
  // Every record that can be due is older than N years less a few days (a coarse index read;
  // the rule itself, in Chicago's calendar, decides).
  const bound = new Date(now.getTime() - (keptYears(retention) * 365 - 3) * DAY_MS);
  const candidates = await tx
    .select({
      id: doorChecks.id,
      jobId: doorChecks.jobId,
      leadId: doorChecks.leadId,
      recordedAt: doorChecks.recordedAt,
      outcome: doorChecks.outcome,
      idPhotoKey: doorChecks.idPhotoKey,
    })
    .from(doorChecks)
    .where(and(isNull(doorChecks.purgedAt), lt(doorChecks.recordedAt, bound)))
    .limit(500);
  let purged = 0;
  const photoKeys: string[] = [];
  for (const check of candidates) {
    if (!isPastRetention(check.recordedAt, retention, now)) continue;
    if (check.idPhotoKey) photoKeys.push(check.idPhotoKey);
    await tx
      .update(doorChecks)
      .set({ ...EMPTY_CONTENTS, idPhotoKey: null, purgedAt: now })
      .where(eq(doorChecks.id, check.id));
    await recordActivity(tx, {
      actor: PURGE_ACTOR,
      entity: "job",
      entityId: check.jobId,
      action: DOOR_CHECK_ACTIONS.purged,
      after: {
        checkId: check.id,
        outcome: check.outcome,
        recordedAt: check.recordedAt.toISOString(),
        keptYears: keptYears(retention),
        ...(check.idPhotoKey && { idPhotoPurged: true }),
      },
      leadId: check.leadId,
    });
    purged += 1;
  }
  return { purged, photoKeys };
}
