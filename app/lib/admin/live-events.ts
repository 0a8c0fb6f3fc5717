import * as z from "zod/mini";
import { LATEST_WORD_FIELDS } from "../leads/latest-word";

/*
 * The events of the back office's live-update stream (/api/events, Server-Sent Events), one
 * zod/mini schema each (zod's small build for the browser; the page loads it with the
 * stream, after hydrating, decision 0043): the server types what it sends from them
 * (app/server/live/), the browser checks what it receives against them
 * (components/admin/use-live-updates.ts), so the two cannot drift apart.
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
   * than a stream replays (live-cursor.ts), so the browser should say so. `current`: no
   * change came in since the page's data was read (its mark), so it need not read it again.
   */
  ready: z.object({ more: z.optional(z.boolean()), current: z.optional(z.boolean()) }),
  /** A row of `table` changed (`*`: changes may have been missed; reload everything). */
  change: z.object({
    table: z.string(),
    op: z.enum(["insert", "update", "delete"]),
    id: z.string(),
  }),
  /** A lead that arrived by itself (website or phone), or a web request that joined one. */
  lead: z.object({
    id: z.string(),
    source: z.enum(["web", "phone"]),
    service: z.string(),
    area: z.string(),
    /** A second web request from a phone with an open lead: it joined that lead. */
    repeat: z.optional(z.boolean()),
    /** "Nobody covers 60473 — nearest: Ann Ray (4.2 mi)": a new lead nobody covers. */
    coverage: z.optional(z.string()),
  }),
  /** A locksmith's tap on the job page. */
  locksmith: z.object({
    leadId: z.string(),
    locksmith: z.string(),
    action: z.enum(LOCKSMITH_ACTIONS),
    minutes: z.optional(z.number()),
    finalPriceCents: z.optional(z.int()),
  }),
  /**
   * A repeat request changed an open lead (the customer's latest word, decision 0027): what
   * changed, the address now, and whether the locksmith who has the lead was texted.
   */
  customer_updated: z.object({
    leadId: z.string(),
    customer: z.string(),
    fields: z.array(z.enum(LATEST_WORD_FIELDS)).check(z.minLength(1)),
    address: z.optional(z.string()),
    locksmithTexted: z.optional(z.string()),
    locksmithNotTexted: z.optional(z.string()),
  }),
  /**
   * The night watch raised an alert on a lead (decisions 0028, 0051): what it says, as the
   * texts and the Needs attention list say it.
   */
  escalation: z.object({ leadId: z.string(), text: z.string() }),
  /** The viewer was signed out, revoked or set back to pending: the stream ends. */
  end: z.object({ reason: z.enum(["signed-out"]) }),
};

export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventData<Name extends LiveEventName> = z.output<(typeof liveEventSchemas)[Name]>;
export type LiveChange = LiveEventData<"change">;
export type LeadAnnouncement = LiveEventData<"lead">;
export type LocksmithAnnouncement = LiveEventData<"locksmith">;
export type LocksmithAction = LocksmithAnnouncement["action"];
export type CustomerUpdateAnnouncement = LiveEventData<"customer_updated">;
export type EscalationAnnouncement = LiveEventData<"escalation">;

/**
 * An extra event some changes bring: who a new lead is, what a locksmith or customer did.
 * `id`: the
 * cursor of the activity-log entry it comes from (live-cursor.ts), its event id on the wire.
 */
export type LiveAnnouncement = (
  | { event: "lead"; data: LeadAnnouncement }
  | { event: "locksmith"; data: LocksmithAnnouncement }
  | { event: "customer_updated"; data: CustomerUpdateAnnouncement }
  | { event: "escalation"; data: EscalationAnnouncement }
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
  const parsed = z.safeParse(liveEventSchemas[name], json);
  return parsed.success ? (parsed.data as LiveEventData<Name>) : null;
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
