import { toast } from "~/components/ui/toast";
import { AnnouncementLedger } from "~/lib/admin/announcement-ledger";
import {
  onLiveEvent,
  type CustomerUpdateAnnouncement,
  type EscalationAnnouncement,
  type LeadAnnouncement,
  type LocksmithAnnouncement,
} from "~/lib/admin/live-events";
import { reconnectDelayMs } from "~/lib/admin/reconnect-delay";
import { locksmithAnnouncementText } from "~/lib/dispatch/locksmith-announcement";
import { customerUpdateText } from "~/lib/leads/latest-word";
import { leadAnnouncementText } from "~/lib/leads/lead-announcement";
import { playAlertSound } from "./alert-sound";
import { setLiveConnection } from "./live-connection";

const STREAM = "/api/events";

/** What the page does with the stream (use-live-updates.ts). */
export interface LiveStreamHandlers {
  /** Reload the page's loaders soon (debounced, after what is loading). */
  schedule: () => void;
  /** A row of `table` changed (`*`: anything may have). */
  changed: (table: string) => void;
  navigate: (to: string) => unknown;
  /**
   * Where the change feed stood when the page was read (the admin layout's `liveMark`): the
   * first stream says whether anything changed since, and the page is read again only if so.
   */
  mark?: string;
}

/**
 * The back office's live-update stream (/api/events), loaded after the page has hydrated with
 * the events' schemas (decisions 0040, 0043): each event checked against its schema (a
 * malformed one is dropped); announcements of new leads, locksmiths' taps and customers'
 * changes shown once each; back by itself after a restart, an outage or a dropped
 * connection, the server first replaying what was missed. Returns what closes it.
 */
export function openLiveStream({
  schedule,
  changed,
  navigate,
  mark,
}: LiveStreamHandlers): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  let closed = false;
  // Our place in the stream, and what it has told us: EventSource sends the cursor back by
  // itself when it reconnects (Last-Event-ID); a new EventSource is given it as `?since=`.
  const ledger = new AnnouncementLedger();
  // EventSource reconnects by itself when a stream drops, but gives up for good when the
  // server answers anything but 200 (503 while the database is away, 401 once signed
  // out): then the page opens a new one, waiting longer after each refusal.
  const reconnectLater = () => {
    source?.close();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, reconnectDelayMs(refusals++));
  };
  // EventSource does not say why the server refused it. A session that ended while the
  // stream was down (signed out elsewhere, revoked, expired) is refused with 401 for good:
  // reloading takes the page to sign-in instead of retrying unseen all night. Anything else
  // (503 while the database is away, no network) is waited out.
  const afterRefusal = async () => {
    source?.close();
    const status = await fetch(`${STREAM}?check`, { cache: "no-store" }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (closed) return;
    if (status === 401) schedule();
    reconnectLater();
  };
  const connect = () => {
    setLiveConnection("connecting");
    const since = ledger.cursor;
    source = new EventSource(
      since
        ? `${STREAM}?since=${encodeURIComponent(since)}`
        : `${STREAM}${mark ? `?mark=${encodeURIComponent(mark)}` : ""}`,
    );
    ledger.streamOpening();
    onLiveEvent(source, "ready", ({ more, current }, id) => {
      ledger.ready(id);
      refusals = 0;
      setLiveConnection("live");
      if (more) announceMore();
      // Something may have changed while we were away, or, on the first connection, between
      // the page's render and now (the stream opens after hydration): read the page again,
      // unless the server says nothing did (`current`: the page's mark still stands).
      if (!current) schedule();
    });
    onLiveEvent(source, "change", ({ table }) => changed(table));
    onLiveEvent(source, "lead", (lead, id) => {
      if (ledger.isNews(id)) announceLead(lead);
    });
    onLiveEvent(source, "locksmith", (news, id) => {
      if (ledger.isNews(id)) announceLocksmith(news);
    });
    onLiveEvent(source, "customer_updated", (news, id) => {
      if (ledger.isNews(id)) announceCustomerUpdate(news);
    });
    onLiveEvent(source, "escalation", (news, id) => {
      if (ledger.isNews(id)) announceEscalation(news);
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
      if (source?.readyState === EventSource.CLOSED) void afterRefusal();
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
  // A night-watch alert rings and stays like a new request, in the lead's one toast: opening
  // the lead (from it or any other way) dismisses it.
  const announceEscalation = (news: EscalationAnnouncement) => {
    toast.warning("Needs attention", {
      id: `lead-${news.leadId}`,
      description: news.text,
      duration: Number.POSITIVE_INFINITY,
      action: openLead(news.leadId),
    });
    playAlertSound();
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
