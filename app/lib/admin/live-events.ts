import {
  arrayOf,
  boolean,
  int,
  number,
  object,
  oneOf,
  optional,
  string,
  type ShapeOf,
} from "../shapes";
import { LATEST_WORD_FIELDS } from "../leads/latest-word";

/*
 * The events of the back office's live-update stream (/api/events, Server-Sent Events), one
 * shape each (../shapes.ts: a few lines, not zod, in the browser's first load, decision 0040):
 * the server types what it sends from them (app/server/live/), the browser
 * checks what it receives against them (components/admin/use-live-updates.ts), so the two
 * cannot drift apart.
 */

/** What a locksmith did on the job page (activity log actions), told to the office. */
export const LOCKSMITH_ACTIONS = [
  "locksmith_accepted",
  "locksmith_declined",
  "locksmith_on_the_way",
  "locksmith_arrived",
  "locksmith_completed",
] as const;

const liveEventSchemas = {
  /**
   * The stream is open, after any announcements replayed from the browser's cursor; the
   * browser catches up on what else it may have missed. `more`: there was more to replay
   * than a stream replays (live-cursor.ts), so the browser should say so.
   */
  ready: object({ more: optional(boolean) }),
  /** A row of `table` changed (`*`: changes may have been missed; reload everything). */
  change: object({
    table: string,
    op: oneOf(["insert", "update", "delete"]),
    id: string,
  }),
  /** A lead that arrived by itself (website or phone), or a web request that joined one. */
  lead: object({
    id: string,
    source: oneOf(["web", "phone"]),
    service: string,
    area: string,
    /** A second web request from a phone with an open lead: it joined that lead. */
    repeat: optional(boolean),
    /** "Nobody covers 60473 — nearest: Ann Ray (4.2 mi)": a new lead nobody covers. */
    coverage: optional(string),
  }),
  /** A locksmith's tap on the job page. */
  locksmith: object({
    leadId: string,
    locksmith: string,
    action: oneOf(LOCKSMITH_ACTIONS),
    minutes: optional(number),
    finalPriceCents: optional(int),
  }),
  /**
   * A repeat request changed an open lead (the customer's latest word, decision 0027): what
   * changed, the address now, and whether the locksmith who has the lead was texted.
   */
  customer_updated: object({
    leadId: string,
    customer: string,
    fields: arrayOf(oneOf(LATEST_WORD_FIELDS), 1),
    address: optional(string),
    locksmithTexted: optional(string),
    locksmithNotTexted: optional(string),
  }),
  /** The viewer was signed out, revoked or set back to pending: the stream ends. */
  end: object({ reason: oneOf(["signed-out"]) }),
};

export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventData<Name extends LiveEventName> = ShapeOf<(typeof liveEventSchemas)[Name]>;
export type LiveChange = LiveEventData<"change">;
export type LeadAnnouncement = LiveEventData<"lead">;
export type LocksmithAnnouncement = LiveEventData<"locksmith">;
export type LocksmithAction = LocksmithAnnouncement["action"];
export type CustomerUpdateAnnouncement = LiveEventData<"customer_updated">;

/**
 * An extra event some changes bring: who a new lead is, what a locksmith or customer did.
 * `id`: the
 * cursor of the activity-log entry it comes from (live-cursor.ts), its event id on the wire.
 */
export type LiveAnnouncement = (
  | { event: "lead"; data: LeadAnnouncement }
  | { event: "locksmith"; data: LocksmithAnnouncement }
  | { event: "customer_updated"; data: CustomerUpdateAnnouncement }
) & { id: string };

/** A change as the database's triggers announce it, or null when it is not one. */
export function parseChange(payload: string): LiveChange | null {
  return parseLiveEvent("change", payload);
}

/**
 * One event as it goes on the wire (`retry` only with the first). `id`, where given, is what
 * the browser sends back as `Last-Event-ID` when it reconnects.
 */
export function liveEventText<Name extends LiveEventName>(
  name: Name,
  data: LiveEventData<Name>,
  id?: string,
): string {
  const idLine = id ? `id: ${id}\n` : "";
  return `${idLine}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An event's data when it is well-formed JSON of that event's shape; null otherwise. */
export function parseLiveEvent<Name extends LiveEventName>(
  name: Name,
  text: string,
): LiveEventData<Name> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const shape = liveEventSchemas[name] as (value: unknown) => boolean;
  return shape(json) ? (json as LiveEventData<Name>) : null;
}

/**
 * Calls `handle` with each `name` event of `source` (an EventSource) whose data has that
 * event's shape, and the stream's last event id (what a reconnect would send back). A
 * malformed event is dropped: a stream from a newer or broken server must not break the page.
 */
export function onLiveEvent<Name extends LiveEventName>(
  source: EventTarget,
  name: Name,
  handle: (data: LiveEventData<Name>, lastEventId: string) => void,
): void {
  source.addEventListener(name, (event) => {
    const message = event as MessageEvent<unknown>;
    const data = parseLiveEvent(name, String(message.data));
    if (data) handle(data, message.lastEventId ?? "");
  });
}
