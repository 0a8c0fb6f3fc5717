import { useSyncExternalStore } from "react";

/**
 * This browser's live connection (/api/events), for the few things that show it: the header's
 * "Live" and the dashboard's System Status. A store of its own, not the layout's state: when
 * the stream opened, the layout re-rendered and with it the whole page, in one blocking task
 * just after hydration (decision 0040). Now only what shows the connection renders again.
 *
 *   off         the stream has not been started: during server rendering, and without
 *               JavaScript
 *   connecting  started (or restarting) and not ready yet
 *   live        the server said it is ready
 */
export type LiveConnection = "off" | "connecting" | "live";

let state: LiveConnection = "off";
const listeners = new Set<() => void>();

export function setLiveConnection(next: LiveConnection): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => "off",
  );
}
