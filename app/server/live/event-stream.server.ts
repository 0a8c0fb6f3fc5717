import type { Change, ChangeFeed } from "./change-feed.server";
import { logger } from "../logger.server";

export const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;

/**
 * Server-Sent Events for one browser: every database change as a `change` event, a comment
 * every 25 s so proxies keep the connection open, and `retry` so the browser reconnects
 * two seconds after a server restart. Ends when the browser goes away.
 */
/** An extra named event to send for a change (e.g. who a new lead is), or null. */
export type ChangeAnnouncer = (change: Change) => Promise<{ event: string; data: unknown } | null>;

export function changeEventStream(
  changes: ChangeFeed,
  signal: AbortSignal,
  announce?: ChangeAnnouncer,
): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
      const unsubscribe = changes.subscribe((change: Change) => {
        send(
          `event: change\ndata: ${JSON.stringify({ table: change.table, op: change.op, id: change.id })}\n\n`,
        );
        announce?.(change)
          .then((extra) => {
            if (extra) send(`event: ${extra.event}\ndata: ${JSON.stringify(extra.data)}\n\n`);
          })
          .catch((error: Error) => logger.error({ err: error }, "New-lead announcement failed"));
      });
      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
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
