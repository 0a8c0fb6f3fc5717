import { useEffect, useRef } from "react";
import type {
  CustomerUpdateAnnouncement,
  LeadAnnouncement,
  LocksmithAnnouncement,
} from "~/lib/admin/live-events";
import { locksmithAnnouncementText } from "~/lib/dispatch/locksmith-announcement";
import { customerUpdateText } from "~/lib/leads/latest-word";
import { useFetchers, useMatches, useNavigate, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { reconnectDelayMs } from "~/lib/admin/reconnect-delay";
import { AnnouncementLedger } from "~/lib/admin/announcement-ledger";
import { leadAnnouncementText } from "~/lib/leads/lead-announcement";
import { playAlertSound } from "./alert-sound";
import { setLiveConnection } from "./live-connection";

/** A route lists the tables its loader reads: `export const handle = { liveTables: ["leads"] }`. */
export interface LiveHandle {
  liveTables?: readonly string[];
}

const DEBOUNCE_MS = 150;

/**
 * The events' schemas (zod/mini, about 5 kB gzip) come with the stream, after the page has
 * hydrated: nothing on a screen needs them before its first tap (decisions 0040, 0043).
 */
const loadLiveEvents = () => import("~/lib/admin/live-events");

/**
 * Keeps the open admin page current: listens to /api/events (each event checked against its
 * schema in lib/live-events.ts; a malformed one is dropped) and revalidates the loaders
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
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    let openedBefore = false;
    let stopped = false;
    // Our place in the stream, and what it has told us: EventSource sends the cursor back by
    // itself when it reconnects (Last-Event-ID); a new EventSource is given it as `?since=`.
    const ledger = new AnnouncementLedger();
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busy.current) schedule();
        else void revalidate.current();
      }, DEBOUNCE_MS);
    };
    // EventSource reconnects by itself when a stream drops, but gives up for good when the
    // server answers anything but 200 (503 while the database is away, 401 once signed
    // out): then the page opens a new one, waiting longer after each refusal.
    const reconnectLater = () => {
      source?.close();
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void connect(), reconnectDelayMs(refusals++));
    };
    const connect = async () => {
      setLiveConnection("connecting");
      const { onLiveEvent } = await loadLiveEvents();
      if (stopped) return;
      const since = ledger.cursor;
      source = new EventSource(
        since ? `/api/events?since=${encodeURIComponent(since)}` : "/api/events",
      );
      ledger.streamOpening();
      onLiveEvent(source, "ready", ({ more }, id) => {
        ledger.ready(id);
        refusals = 0;
        setLiveConnection("live");
        if (more) announceMore();
        // Something may have changed while we were away.
        if (openedBefore) schedule();
        openedBefore = true;
      });
      onLiveEvent(source, "change", ({ table }) => {
        if (table === "*" || watched.current.has(table)) schedule();
        if (table === "*" || table === "leads") onLeadsChanged.current?.();
      });
      onLiveEvent(source, "lead", (lead, id) => {
        if (ledger.isNews(id)) announceLead(lead);
      });
      onLiveEvent(source, "locksmith", (news, id) => {
        if (ledger.isNews(id)) announceLocksmith(news);
      });
      onLiveEvent(source, "customer_updated", (news, id) => {
        if (ledger.isNews(id)) announceCustomerUpdate(news);
      });
      // Signed out, revoked or set back to pending: reloading sends the page to sign-in.
      // Once nothing is loading: when it is this page's own Log out, its answer goes
      // there first, with its toast.
      onLiveEvent(source, "end", () => {
        setLiveConnection("connecting");
        schedule();
        reconnectLater();
      });
      source.addEventListener("error", () => {
        setLiveConnection("connecting");
        // Whether EventSource reconnects by itself or we open a new one, a replay comes next.
        ledger.streamOpening();
        if (source?.readyState === EventSource.CLOSED) reconnectLater();
      });
    };
    const openLead = (id: string) => ({
      label: "Open the lead",
      onClick: () => void navigate(`/admin/leads/${id}`),
    });
    // A request stays on screen until someone dismisses it or opens the lead: a toast that
    // went by while the dispatcher looked away is a customer calling the next listing.
    const announceLead = (lead: LeadAnnouncement) => {
      const { title, description } = leadAnnouncementText(lead);
      toast.info(title, {
        id: `lead-${lead.id}`,
        description,
        duration: Number.POSITIVE_INFINITY,
        action: openLead(lead.id),
      });
      playAlertSound();
    };
    // More was missed than a reconnect replays: say so rather than skip it silently.
    const announceMore = () => {
      toast.info("More happened while you were offline", {
        description: "The page is up to date; check Leads for requests that came in.",
        action: { label: "Open Leads", onClick: () => void navigate("/admin/leads") },
      });
    };
    const announceLocksmith = (news: LocksmithAnnouncement) => {
      const { title, description, urgent } = locksmithAnnouncementText(news);
      (urgent ? toast.warning : toast.info)(title, {
        description,
        action: openLead(news.leadId),
      });
    };
    const announceCustomerUpdate = (news: CustomerUpdateAnnouncement) => {
      const { title, description } = customerUpdateText(news);
      toast.warning(title, { description, action: openLead(news.leadId) });
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(retryTimer);
      source?.close();
      setLiveConnection("off");
    };
  }, [navigate]);
}
