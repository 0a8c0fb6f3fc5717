/*
 * The dispatch state machine: one locksmith's assignment to one lead, from the offer to its
 * end (docs/decisions/0026-dispatch-as-one-state-machine.md).
 *
 *   offered ─► accepted ─► on_the_way ─► arrived ─► completed
 *      │          │            │            │
 *      └──────────┴────────────┴────────────┴─► declined · expired · withdrawn
 *                 │            │            │
 *                 └────────────┴────────────┴─► refused (no proof of identity or authority:
 *                                                the job ends unpaid, issue 49)
 *
 * A lead has at most one live assignment (a partial unique index), and the job's locksmith
 * is the live assignment's. Each event leads to one state; the server applies it as one
 * conditional update (`where state in statesAllowing(event)`), so of two taps at once
 * exactly one moves the row.
 */

export const ASSIGNMENT_STATES = [
  "offered",
  "accepted",
  "on_the_way",
  "arrived",
  "completed",
  "declined",
  "expired",
  "withdrawn",
  "refused",
] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

/** The states of the lead's live assignment: at most one per lead. */
export const LIVE_STATES = ["offered", "accepted", "on_the_way", "arrived"] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** The states in which the locksmith holds the job: accepted and not done yet. */
export const HOLDING_STATES = ["accepted", "on_the_way", "arrived"] as const;

/** Why the office ended an assignment; the locksmith's page and text say it in words. */
export const WITHDRAW_REASONS = ["reassigned", "cancelled", "closed", "taken_back"] as const;
export type WithdrawReason = (typeof WITHDRAW_REASONS)[number];

/** How an assignment ended, when it ended otherwise than completed. */
export const END_REASONS = ["declined", "expired", ...WITHDRAW_REASONS, "refused"] as const;
export type EndReason = (typeof END_REASONS)[number];

/** What the locksmith does through their link. */
export const LOCKSMITH_EVENTS = ["accept", "decline", "on_my_way", "arrived", "complete"] as const;
export type LocksmithEvent = (typeof LOCKSMITH_EVENTS)[number];

export type AssignmentEvent =
  | LocksmithEvent
  // The office ends it (reassign, cancel, close, take back) or completes the job for them.
  | "withdraw"
  | "office_complete"
  // The clock: an offer nobody answered in time.
  | "expire"
  // The locksmith, on site, refuses to open: no proof of identity or authority (issue 49).
  | "refuse";

/** Where each event leads; "On my way" again is a new estimate, the state stays. */
const TARGET: Record<AssignmentEvent, AssignmentState> = {
  accept: "accepted",
  decline: "declined",
  on_my_way: "on_the_way",
  arrived: "arrived",
  complete: "completed",
  withdraw: "withdrawn",
  office_complete: "completed",
  expire: "expired",
  refuse: "refused",
};

/** The states each event may start from. */
const FROM: Record<AssignmentEvent, readonly LiveState[]> = {
  accept: ["offered"],
  // On site, the job is theirs to finish: handing it back then is a call to the office.
  decline: ["offered", "accepted", "on_the_way"],
  on_my_way: ["accepted", "on_the_way"],
  arrived: ["accepted", "on_the_way"],
  complete: ["accepted", "on_the_way", "arrived"],
  withdraw: ["offered", "accepted", "on_the_way", "arrived"],
  office_complete: ["accepted", "on_the_way", "arrived"],
  expire: ["offered"],
  // Whoever holds the job may refuse it at the door, as they may complete it.
  refuse: ["accepted", "on_the_way", "arrived"],
};

export function isLive(state: AssignmentState): state is LiveState {
  return (LIVE_STATES as readonly string[]).includes(state);
}

export function isHolding(state: AssignmentState): boolean {
  return (HOLDING_STATES as readonly string[]).includes(state);
}

/** Where an event takes an assignment, or undefined when it does not apply there. */
export function nextState(
  state: AssignmentState,
  event: AssignmentEvent,
): AssignmentState | undefined {
  return (FROM[event] as readonly string[]).includes(state) ? TARGET[event] : undefined;
}

/** The state an event leads to, and the states it starts from: a conditional update. */
export function transitionOf(event: AssignmentEvent): {
  to: AssignmentState;
  from: readonly LiveState[];
} {
  return { to: TARGET[event], from: FROM[event] };
}

/** What the locksmith may do now, in the page's order. */
export function locksmithEventsIn(state: AssignmentState): LocksmithEvent[] {
  return LOCKSMITH_EVENTS.filter((event) => nextState(state, event) !== undefined);
}
