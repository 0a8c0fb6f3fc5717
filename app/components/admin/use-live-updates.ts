import { useEffect, useRef } from "react";
import { useMatches, useNavigate } from "react-router";
import { setLiveConnection } from "./live-connection";
import { useQuietReload } from "./use-quiet-reload";

/** A route lists the tables its loader reads: `export const handle = { liveTables: ["leads"] }`. */
export interface LiveHandle {
  liveTables?: readonly string[];
}

const DEBOUNCE_MS = 150;

/**
 * The stream's code, with the events' schemas (zod/mini, about 5 kB gzip) and the texts of its
 * announcements, loads after the page has hydrated: nothing on a screen needs it before its
 * first tap (decisions 0040, 0043).
 */
const loadLiveStream = () => import("./live-stream");

/**
 * Keeps the open admin page current: listens to /api/events (live-stream.ts: each event checked
 * against its schema in lib/admin/live-events.ts; a malformed one is dropped) and revalidates the loaders
 * when a table they read changes (batched, so a burst of writes is one reload). It comes
 * back by itself after a restart, a database outage or a dropped connection; on reconnect
 * the server first replays the announcements we missed (new leads, locksmiths' taps: from
 * our last event id, live-cursor.ts), and we reload once in case anything else changed, unless
 * the server says nothing has since the page was read (its mark, live-stream.ts).
 */
export function useLiveUpdates(
  options: {
    /** A lead was added or changed (the waiting count in the title and badge reads again). */
    onLeadsChanged?: () => void;
    /** The admin layout's `liveMark` (live-stream.ts); the page's first one is what counts. */
    mark?: string;
  } = {},
): void {
  const navigate = useNavigate();
  // While anything is loading or sending, the live reload waits its turn.
  const reload = useQuietReload();
  const matches = useMatches();
  const watched = useRef<Set<string>>(new Set());
  const onLeadsChanged = useRef(options.onLeadsChanged);
  // The mark of the data the page was rendered with: every loader ran after it was taken. A
  // later one may be newer than some route's data (a loader that was not run again).
  const renderedMark = useRef(options.mark);
  const tables = matches
    .flatMap((match) => (match.handle as LiveHandle | undefined)?.liveTables ?? [])
    .join(",");
  useEffect(() => {
    watched.current = new Set(tables.split(",").filter(Boolean));
    onLeadsChanged.current = options.onLeadsChanged;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let close = () => {};
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!reload()) schedule();
      }, DEBOUNCE_MS);
    };
    setLiveConnection("connecting");
    void loadLiveStream().then(({ openLiveStream }) => {
      if (stopped) return;
      close = openLiveStream({
        schedule,
        changed: (table) => {
          if (table === "*" || watched.current.has(table)) schedule();
          if (table === "*" || table === "leads") onLeadsChanged.current?.();
        },
        navigate: (to) => navigate(to),
        mark: renderedMark.current,
      });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      close();
      setLiveConnection("off");
    };
  }, [navigate, reload]);
}
