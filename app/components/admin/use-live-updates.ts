import { useEffect, useRef } from "react";
import { useFetchers, useMatches, useNavigate, useNavigation, useRevalidator } from "react-router";
import { setLiveConnection } from "./live-connection";
import { sendsInFlight } from "./sends-in-flight";

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
 * our last event id, live-cursor.ts), and we reload once in case anything else changed.
 */
export function useLiveUpdates(
  options: {
    /** A lead was added or changed (the waiting count in the title and badge reads again). */
    onLeadsChanged?: () => void;
  } = {},
): void {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A reload after the user's own action carries its toast (cookie): a live reload must not
  // cancel it, so while anything is loading the live one waits its turn.
  const busy = useRef(false);
  const isBusy =
    navigation.state !== "idle" ||
    revalidator.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  const matches = useMatches();
  const watched = useRef<Set<string>>(new Set());
  const revalidate = useRef(revalidator.revalidate);
  const onLeadsChanged = useRef(options.onLeadsChanged);
  const tables = matches
    .flatMap((match) => (match.handle as LiveHandle | undefined)?.liveTables ?? [])
    .join(",");
  useEffect(() => {
    watched.current = new Set(tables.split(",").filter(Boolean));
    revalidate.current = revalidator.revalidate;
    onLeadsChanged.current = options.onLeadsChanged;
    busy.current = isBusy;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let close = () => {};
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // React's state can lag the router by a render: a send the router has already
        // started counts too, or reloading would drop its redirect (sends-in-flight.ts).
        if (busy.current || sendsInFlight() > 0) schedule();
        else void revalidate.current();
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
      });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      close();
      setLiveConnection("off");
    };
  }, [navigate]);
}
