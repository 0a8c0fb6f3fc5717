import { liveEventText, type LiveAnnouncement } from "~/lib/admin/live-events";
import { isInternalChange, type Change, type ChangeFeed } from "./change-feed.server";
import { logger } from "../logger.server";

export const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;
/** How often an open stream asks again whether its session is still good (expiry, idle). */
export const SESSION_RECHECK_MS = 60_000;

/**
 * Extra events some changes bring (who a new lead is), built once per process for every
 * stream (`AnnouncementFeed`, lead-announcements.server.ts).
 */
export interface Announcements {
  subscribe(listener: (announcement: LiveAnnouncement) => void): () => void;
}

/** What a reconnecting browser missed (live-replay.server.ts), and where its stream starts. */
export interface Replay {
  /** Oldest first, each with its cursor as `id`. */
  announcements: LiveAnnouncement[];
  /** Something older than the window, or past the limit, was not replayed. */
  more: boolean;
  /** Where the stream starts (the database's clock): the cursor of its `ready`. */
  head: string;
}

/** Who holds the stream, and how to ask whether they still may. */
export interface StreamViewer {
  userId: string;
  sessionId: string;
  /** Whether the session is still signed in with an approved role (read from the database). */
  stillAllowed(): Promise<boolean>;
}

/**
 * Server-Sent Events for one browser (their schemas: app/lib/admin/live-events.ts): every database
 * change as a `change` event, the process's announcements (`lead`, `locksmith`), a comment
 * every 25 s so proxies keep the connection open, and `retry` so the browser reconnects
 * two seconds after a server restart. Each announcement's id is its cursor (live-cursor.ts),
 * and a stream opened with one first replays what was missed since (`replay`), then `ready`
 * with the stream's own starting cursor, and `current` when no change came in since the
 * page's data was read (`mark`). Ends when the browser goes away, when the feed stops
 * (database connection lost: the browser comes back to a 503 until it is restored; process
 * shutting down), and, with `end`, as soon as its viewer is signed out, revoked or set back to
 * pending: their session's deletion or their account's change arrives through the same
 * feed (triggers on "session" and "user"), from whichever process made it.
 */
export function changeEventStream(
  changes: ChangeFeed,
  signal: AbortSignal,
  options: {
    announcements?: Announcements;
    viewer?: StreamViewer;
    /** What the browser missed since its cursor (Last-Event-ID), sent before `ready`. */
    replay?: () => Promise<Replay>;
    /**
     * The feed's mark when the page's loaders ran (`ChangeFeed.mark`): when it still stands,
     * `ready` says the page is `current`, and the browser does not read it again.
     */
    mark?: string | null;
  } = {},
): Response {
  const { announcements, viewer, replay, mark } = options;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Taken as the stream subscribes (this function runs at once, to its end): a change
      // after it is sent as a `change` event.
      const current = mark != null && mark === changes.mark() ? { current: true } : {};
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const recheck = () => {
        viewer
          ?.stillAllowed()
          .then((allowed) => {
            if (allowed) return;
            send(liveEventText("end", { reason: "signed-out" }));
            cleanup();
          })
          // The database is away: keep the stream; the next change or check decides.
          .catch((error: Error) => logger.warn({ err: error }, "Stream session check failed"));
      };
      const announce = (announcement: LiveAnnouncement) =>
        send(liveEventText(announcement.event, announcement.data, announcement.id));
      // Live announcements wait behind the replay, so the last event id stays the newest.
      let held: LiveAnnouncement[] | null = replay ? [] : null;
      send(`retry: ${RETRY_MS}\n${replay ? "\n" : liveEventText("ready", current)}`);
      const unsubscribe = changes.subscribe((change: Change) => {
        if (viewer && concernsViewer(change, viewer)) recheck();
        if (isInternalChange(change)) return;
        send(liveEventText("change", { table: change.table, op: change.op, id: change.id }));
      });
      const stopAnnouncements = announcements?.subscribe((announcement) => {
        if (held) held.push(announcement);
        else announce(announcement);
      });
      const release = () => {
        for (const announcement of held ?? []) announce(announcement);
        held = null;
      };
      replay?.()
        .then(({ announcements: missed, more, head }) => {
          for (const announcement of missed) announce(announcement);
          send(liveEventText("ready", more ? { more, ...current } : current, head));
          release();
        })
        .catch((error: Error) => {
          // The database is away: no replay this time; the browser keeps its cursor.
          logger.warn({ err: error }, "Live replay failed");
          send(liveEventText("ready", current));
          release();
        });
      const stopOnInterrupt = changes.onInterrupt(() => cleanup());
      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), HEARTBEAT_MS);
      const sessionCheck = viewer ? setInterval(recheck, SESSION_RECHECK_MS) : undefined;
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        stopAnnouncements?.();
        stopOnInterrupt();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * A change that may have taken the viewer's access away: their session deleted (sign-out,
 * revoked), their account changed (role) or removed, or a gap in the feed ("*": changes
 * may have been missed while it reconnected).
 */
function concernsViewer(change: Change, viewer: StreamViewer): boolean {
  if (change.table === "*") return true;
  if (change.table === "session") return change.op === "delete" && change.id === viewer.sessionId;
  return change.table === "user" && change.id === viewer.userId;
}

/**
 * The answer while the database is away: 503 with a hint when to come back. A browser's
 * EventSource gives up on any answer but 200, so the page's own loop retries
 * (use-live-updates.ts); `retry:` is for other clients of the stream.
 */
export function streamUnavailable(message: string, retryAfterSeconds = 5): Response {
  return new Response(`retry: ${retryAfterSeconds * 1000}\n: ${message}\n\n`, {
    status: 503,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}
