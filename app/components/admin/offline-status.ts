import { useEffect, useSyncExternalStore } from "react";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { withoutConnectionFailures } from "~/lib/admin/connection-failure";
import { reconnectDelayMs } from "~/lib/admin/reconnect-delay";

/*
 * Whether the back office has lost its connection to the server, as its page reloads find
 * out: a reload that fails for want of a connection keeps the page as it was (the client
 * middleware below) and says so ("Offline — retrying", offline-notice.tsx), and the page
 * tries again, waiting longer each time, until one gets through.
 */

export interface OfflineState {
  offline: boolean;
  /** Failed reloads in a row: how long the next try waits. */
  failures: number;
}

const ONLINE: OfflineState = { offline: false, failures: 0 };
let state = ONLINE;
/**
 * Whether the back office's layout is on screen, i.e. the page has its data: only then is
 * there a page to keep. On the error page, keeping "the data" would render routes with none.
 */
let pageShown = false;
const listeners = new Set<() => void>();

function setState(next: OfflineState) {
  state = next;
  for (const listener of listeners) listener();
}

/** A reload got through (the page is current) or failed for want of a connection. */
export function reportReload(reached: boolean): void {
  if (reached) {
    if (state.offline) setState(ONLINE);
  } else setState({ offline: true, failures: state.failures + 1 });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => ONLINE,
  );
}

/**
 * Client middleware for the back office's layout: a reload of the page being shown (a live
 * refresh, a retry, the same address again) that fails for want of a connection leaves the
 * page's data as it was, instead of putting up the error page. A navigation to another
 * address has no data of its own to keep: it fails as before.
 */
export const keepPageWhenOffline: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  if (request.method !== "GET") return results;
  const asked = new URL(request.url);
  const reload = asked.pathname + asked.search === location.pathname + location.search;
  const { results: kept, failed } = withoutConnectionFailures(results);
  if (failed && reload && pageShown) {
    reportReload(false);
    return kept;
  }
  if (!failed) reportReload(true);
  return results;
};

/** How soon a retry that found a reload already under way looks again. */
const BUSY_RETRY_MS = 1_000;

/**
 * While offline, reloads the page after a wait (1 s doubling to 15 s, reconnect-delay.ts),
 * at once when the browser says it is back online, and marks the page offline as soon as
 * the browser says it is not. `reload` says whether it started a reload: it does not while
 * another is under way.
 */
export function useOfflineRetry(reload: () => boolean): OfflineState {
  const current = useOfflineState();
  useEffect(() => {
    pageShown = true;
    return () => {
      pageShown = false;
    };
  }, []);
  useEffect(() => {
    const wentOffline = () => {
      if (!state.offline) setState({ offline: true, failures: 0 });
    };
    window.addEventListener("offline", wentOffline);
    window.addEventListener("online", reload);
    return () => {
      window.removeEventListener("offline", wentOffline);
      window.removeEventListener("online", reload);
    };
  }, [reload]);
  useEffect(() => {
    if (!current.offline) return;
    // A reload that reports runs this again, with the next wait. One may end without a word
    // (cut short, or not a reload of this page after all), and a try that found one under
    // way did nothing: until a report comes, keep trying, soon if the try found one busy.
    const delay = reconnectDelayMs(Math.max(0, current.failures - 1));
    let timer: ReturnType<typeof setTimeout>;
    const retry = () => {
      timer = setTimeout(retry, reload() ? delay : BUSY_RETRY_MS);
    };
    timer = setTimeout(retry, delay);
    return () => clearTimeout(timer);
  }, [current, reload]);
  return current;
}
