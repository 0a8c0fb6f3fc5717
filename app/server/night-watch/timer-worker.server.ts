import type { TimerKind } from "~/lib/night-watch/timer-kinds";
import type { ChangeFeed } from "../live/change-feed.server";
import type { DatabaseHandle, Db } from "../db/database.server";
import type { Timer } from "../db/night-watch-tables.server";
import type { Env } from "../env.server";
import { BackgroundLoop } from "../background/background-loop.server";
import { publishByRule } from "../reviews/review-moderation.server";
import { logger } from "../logger.server";
import { readNightWatchSettings } from "./settings.server";
import { loadTextContext } from "../texting/text-context.server";
import {
  claimDueTimers,
  failTimer,
  finishTimer,
  LostClaimError,
  scheduleTimer,
} from "../background/timers.server";
import { pruneFinishedTimers } from "../background/work-settings.server";
import { TIMER_RETRY, type RetryPolicy } from "~/lib/background/retry-policy";
import { runAutoOffer, runOfferExpiry } from "./auto-offers.server";
import { sweepClockRules } from "./clock-rules-sweep.server";
import { runLadderStep } from "./escalation-ladder.server";
import type { NotifyContext } from "./notify-operators.server";
import { twilioVoiceCaller, type VoiceCaller } from "./voice-call.server";
import { twilioAtBase } from "../texting/twilio-base.server";
import { pushToOperators, type PushOutcome } from "../push/push-sender.server";
import type { PushNotice } from "~/lib/push/push-notice";
import { phoneReachProblem } from "~/lib/phone-region";
import { RECEIPT_MAIL_TRIES, sendReceiptMail } from "../money/receipt-mail.server";
import { sendHeldEstimate } from "../dispatch/eta-text.server";
import { fireComplianceReminder } from "../compliance/compliance.server";
import { fireInstalmentDue } from "../money/instalment-reminders.server";
import { purgeDoorChecks } from "../door-check/door-checks.server";
import { removeIdPhotos } from "../door-check/id-photos.server";
import { complianceFileStore, type FileStore } from "../compliance/file-store.server";
import { forgetOldCallFlows } from "../phones/call-flow.server";
import {
  fireThumbtackReply,
  thumbtackApiFromEnv,
  THUMBTACK_REPLY_POLICY,
} from "../lead-inbox/thumbtack-replies.server";
import { fireLsaReply, LSA_REPLY_POLICY } from "../lead-inbox/lsa-replies.server";
import {
  purgeExpiredRecordings,
  RECORDING_PURGE_EVERY_MS,
  twilioRecordingRemover,
  type RecordingRemover,
} from "../phones/recording-retention.server";
import { googleAdsFromEnv } from "../lead-inbox/google-ads.server";
import { LSA_PULL_EVERY_MS, LSA_PULL_RETRY, pullLsaLeads } from "../lead-inbox/lsa-pull.server";

/*
 * The night watch's timer worker (decision 0028): every process runs one; each pass claims
 * the due timers (SKIP LOCKED, with a lease) and fires them, each effect committed with its
 * timer's fenced "done". A pass runs every second, and at once when a timer is scheduled in
 * any process (the timers table's insert trigger, through the change feed).
 */

/** How often a worker looks for due timers: an escalation fires within this of its limit. */
export const POLL_MS = 1_000;
/** How often the clock rules are checked. */
export const CLOCK_RULES_EVERY_MS = 2_000;
/** A claim not finished in this long was cut off: the timer is claimed again. */
export const LEASE_MS = 30_000;
/** How often finished timers older than the kept days are deleted. */
export const PRUNE_EVERY_MS = 3_600_000;
/** Tries of one operator push; its devices that still fail after these are let go. */
export const PUSH_ATTEMPTS = 3;

export interface NightWatchDeps {
  db: Db;
  /** The texts' context and the settings, read fresh for each pass (they may have changed). */
  context(now: Date): Promise<NotifyContext>;
  /** Who places voice calls, if anyone can. */
  voice(context: NotifyContext): VoiceCaller | undefined;
  /**
   * Sends a notice to every operator's devices (Web Push, decision 0033), less those in
   * `skip`, which an earlier try of the same notice reached.
   */
  push(notice: PushNotice, skip: ReadonlySet<string>): Promise<PushOutcome>;
  /** E-mails a completed job's receipt (throws when the mail server refuses); none: skipped. */
  receiptMail?(jobId: string): Promise<unknown>;
  /** Deletes recordings at Twilio (where Twilio is configured). */
  recordings?(context: NotifyContext): RecordingRemover | undefined;
  /** Where purged door checks' ID photos are removed from (the compliance file store). */
  files?: FileStore;
  /** Pulls Google Local Services leads; false when nothing is connected (the timer stops). */
  lsaPull?(now: Date): Promise<boolean>;
  /** Sends an office reply to a Thumbtack lead (issue 51); none: the timer just finishes. */
  thumbtackReply?(timer: Timer): Promise<void>;
  /** Sends an office reply to a Local Services message lead; none: the timer just finishes. */
  lsaReply?(timer: Timer): Promise<void>;
}

type Effect = (tx: Db, timer: Timer, context: NotifyContext) => Promise<void>;

/** What reaches a person outside the database: done first, then marked done. */
type Outside =
  | "voice_call"
  | "operator_push"
  | "receipt_mail"
  | "recording_purge"
  | "lsa_pull"
  | "thumbtack_reply"
  | "lsa_reply"
  | "purge_door_checks";

const EFFECTS: Record<Exclude<TimerKind, Outside>, Effect> = {
  auto_offer: runAutoOffer,
  offer_expiry: runOfferExpiry,
  clock_rules: (tx, _timer, context) => sweepClockRules(tx, context),
  eta_text: sendHeldEstimate,
  // Sets itself again for the next rung (finishTimer inside), so it is not finished here.
  escalation: runLadderStep,
  prune_finished: async (tx, _timer, context) => {
    await pruneFinishedTimers(tx, context.now);
  },
  compliance_reminder: (tx, timer, context) => fireComplianceReminder(tx, timer, context.now),
  instalment_due: (tx, timer, context) => fireInstalmentDue(tx, timer, context.texts),
  review_publish: async (tx, timer) => {
    const { reviewId } = timer.payload as { reviewId?: string };
    if (reviewId) await publishByRule(tx, reviewId);
  },
};

/** One pass: claims what is due at `now` and fires it. Returns the timers fired. */
export async function fireDueTimers(
  deps: NightWatchDeps,
  options: { now?: Date; limit?: number; leaseMs?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const claimed = await claimDueTimers(deps.db, {
    limit: options.limit ?? 20,
    leaseMs: options.leaseMs ?? LEASE_MS,
    now,
  });
  if (claimed.length === 0) return 0;
  const context = await deps.context(now);
  for (const timer of claimed) await fireTimer(deps, timer, context);
  return claimed.length;
}

/** Fires one claimed timer (exported for the restart tests: a worker that comes back late). */
export async function fireTimer(deps: NightWatchDeps, timer: Timer, context: NotifyContext) {
  try {
    if (timer.kind === "voice_call") {
      // A call cannot roll back: placed first, then marked done. A crash in between calls
      // the operator once more after the lease, which beats not calling.
      const caller = deps.voice(context);
      const { to, say } = timer.payload as { to?: string; say?: string };
      // Never a number outside the regions served or a premium-rate line (issue 47).
      const reachable = to && !phoneReachProblem(to, context.texts.phoneRegions);
      if (caller && reachable && say) await caller.call({ to, say });
      await deps.db.transaction((tx) => finishTimer(tx, timer));
      return;
    }
    if (timer.kind === "operator_push") {
      await fireOperatorPush(deps, timer);
      return;
    }
    if (timer.kind === "receipt_mail") {
      await fireReceiptMail(deps, timer);
      return;
    }
    if (timer.kind === "thumbtack_reply" || timer.kind === "lsa_reply") {
      // Sent, then marked done (each sender finishes the timer itself).
      const sender = timer.kind === "lsa_reply" ? deps.lsaReply : deps.thumbtackReply;
      if (sender) await sender(timer);
      else await deps.db.transaction((tx) => finishTimer(tx, timer));
      return;
    }
    if (timer.kind === "recording_purge") {
      // Twilio's copies are deleted first (each row then cleared in its own transaction).
      await purgeExpiredRecordings(deps.db, deps.recordings?.(context), context.now);
      await forgetOldCallFlows(deps.db, context.now);
      const again = new Date(context.now.getTime() + RECORDING_PURGE_EVERY_MS);
      await deps.db.transaction((tx) => finishTimer(tx, timer, again));
      return;
    }
    if (timer.kind === "purge_door_checks") {
      // The records' contents in one transaction; the purged ID photos' bytes once it has
      // committed (decision 0077), so a rollback never leaves a record pointing at nothing.
      const again = new Date(context.now.getTime() + PRUNE_EVERY_MS);
      const { photoKeys } = await deps.db.transaction(async (tx) => {
        const purge = await purgeDoorChecks(tx, context.now);
        await finishTimer(tx, timer, again);
        return purge;
      });
      if (deps.files) await removeIdPhotos(deps.files, photoKeys);
      return;
    }
    if (timer.kind === "lsa_pull") {
      // Google's leads are read first, each stored in its own transaction (once, by its
      // resource name); a failure is kept on the connection and the timer tries again.
      const connected = (await deps.lsaPull?.(context.now)) ?? false;
      const again = connected ? new Date(context.now.getTime() + LSA_PULL_EVERY_MS) : undefined;
      await deps.db.transaction((tx) => finishTimer(tx, timer, again));
      return;
    }
    const effect = EFFECTS[timer.kind as keyof typeof EFFECTS];
    await deps.db.transaction(async (tx) => {
      if (effect) await effect(tx, timer, context);
      if (timer.kind === "escalation") return;
      const every = RECURRING[timer.kind as TimerKind];
      const again = every ? new Date(context.now.getTime() + every) : undefined;
      await finishTimer(tx, timer, again);
    });
  } catch (error) {
    if (error instanceof LostClaimError) {
      logger.warn({ timer: timer.key }, "timer claimed again elsewhere: this effect rolled back");
      return;
    }
    const next = await failTimer(
      deps.db,
      timer,
      error instanceof Error ? error.message : String(error),
      { policy: POLICIES[timer.kind as TimerKind] ?? TIMER_RETRY },
    ).catch((releaseError: unknown) => {
      logger.error({ err: releaseError, timer: timer.key }, "timer not released");
      return "unknown";
    });
    logger.error(
      { err: error, timer: timer.key, tries: timer.tries, next },
      next === "dead" ? "timer failed; no more tries" : "timer failed; it is tried again later",
    );
  }
}

/** The recurring timers: set pending again this long after each firing. */
const RECURRING: Partial<Record<TimerKind, number>> = {
  clock_rules: CLOCK_RULES_EVERY_MS,
  prune_finished: PRUNE_EVERY_MS,
  purge_door_checks: PRUNE_EVERY_MS,
};

/** Kinds with a ceiling of their own (the rest: TIMER_RETRY). */
const POLICIES: Partial<Record<TimerKind, RetryPolicy>> = {
  receipt_mail: { ...TIMER_RETRY, maxAttempts: RECEIPT_MAIL_TRIES },
  lsa_pull: LSA_PULL_RETRY,
  thumbtack_reply: THUMBTACK_REPLY_POLICY,
  lsa_reply: LSA_REPLY_POLICY,
};

/**
 * Like a call: pushed, then marked done; a crash in between pushes it once more. Each
 * device's delivery is kept in the timer's payload: a retry sends only to the devices that
 * failed, and after PUSH_ATTEMPTS tries those are let go (a device that can never take it
 * does not make every other device buzz again every few seconds).
 */
async function fireOperatorPush(deps: NightWatchDeps, timer: Timer): Promise<void> {
  const { delivered, ...notice } = timer.payload as unknown as PushNotice & {
    delivered?: string[];
  };
  const reached = new Set(delivered ?? []);
  const outcome = await deps.push(notice, reached);
  if (outcome.failed > 0 && timer.tries < PUSH_ATTEMPTS) {
    await failTimer(deps.db, timer, `${outcome.failed} device(s) not reached`, {
      payload: { ...notice, delivered: [...reached, ...outcome.done] },
    });
    return;
  }
  await deps.db.transaction((tx) => finishTimer(tx, timer));
}

/**
 * Like a push: mailed, then marked done (a crash in between mails it once more). A mail
 * server that refuses is tried again, RECEIPT_MAIL_TRIES times in all, then the mail is dead:
 * the owner is told, and may retry it from Failed background work.
 */
async function fireReceiptMail(deps: NightWatchDeps, timer: Timer): Promise<void> {
  const { jobId } = timer.payload as { jobId?: string };
  if (jobId && deps.receiptMail) await deps.receiptMail(jobId);
  await deps.db.transaction((tx) => finishTimer(tx, timer));
}

/** The recurring timers (clock rules, pruning), scheduled once for the whole database. */
export async function scheduleClockRules(db: Db, now = new Date()): Promise<void> {
  await scheduleTimer(db, { kind: "clock_rules", key: "clock_rules", dueAt: now });
  await scheduleTimer(db, { kind: "prune_finished", key: "prune_finished", dueAt: now });
  await scheduleTimer(db, { kind: "purge_door_checks", key: "purge_door_checks", dueAt: now });
  await scheduleTimer(db, { kind: "recording_purge", key: "recording_purge", dueAt: now });
}

/** The deps of a process's worker: settings and texts read from its database and env. */
export function nightWatchDeps(db: Db, env: Env): NightWatchDeps {
  return {
    db,
    context: async (now) => ({
      texts: await loadTextContext(db, env),
      settings: await readNightWatchSettings(db),
      now,
    }),
    // Calls go where texts go: a local fake Twilio in the browser tests, never the network.
    voice: (context) =>
      twilioVoiceCaller(
        context.texts.sender,
        env.TWILIO_API_BASE ? twilioAtBase(env.TWILIO_API_BASE) : undefined,
      ),
    push: (notice, skip) =>
      pushToOperators(
        db,
        { contactEmail: env.BUSINESS_EMAIL, testService: env.WEB_PUSH_TEST_SERVICE },
        notice,
        skip,
      ),
    receiptMail: (jobId) => sendReceiptMail(db, env, jobId),
    files: complianceFileStore(env),
    lsaPull: async (now) => {
      const api = googleAdsFromEnv(env);
      return (await pullLsaLeads(db, api, now)) !== undefined;
    },
    thumbtackReply: (timer) => fireThumbtackReply(db, thumbtackApiFromEnv(env), timer),
    lsaReply: (timer) => fireLsaReply(db, googleAdsFromEnv(env), timer),
    recordings: (context) =>
      twilioRecordingRemover(
        context.texts.sender,
        env.TWILIO_API_BASE ? twilioAtBase(env.TWILIO_API_BASE) : undefined,
      ),
  };
}

export async function startNightWatch(
  database: DatabaseHandle,
  changes: ChangeFeed,
  env: Env,
): Promise<BackgroundLoop> {
  return runNightWatch(changes, nightWatchDeps(database.db, env));
}

/** Starts a worker with these deps, woken by any process's new timer (and the benchmark's). */
export async function runNightWatch(
  changes: ChangeFeed,
  deps: NightWatchDeps,
): Promise<BackgroundLoop> {
  await scheduleClockRules(deps.db);
  // A full batch may leave more due: go again at once.
  const worker = new BackgroundLoop("night watch", async () => {
    while ((await fireDueTimers(deps)) >= 20);
  });
  changes.subscribe((change) => {
    if (change.table === "timers") worker.wake();
  });
  worker.start(POLL_MS);
  return worker;
}
