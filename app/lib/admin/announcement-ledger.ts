import { parseLiveCursor } from "./live-cursor";

/** Announcements remembered, so one replayed after a reconnect is not shown twice. */
const SEEN_LIMIT = 200;

/**
 * What a page has been told on its live stream, to decide whether an announcement is news:
 * a reconnect replays from a little before the page's cursor (live-replay.server.ts), so it
 * may repeat what the page has shown, or reach back before the page's first stream opened,
 * which is older than the page. Replayed events come before the stream's `ready`.
 */
export class AnnouncementLedger {
  /** Where the page is in the stream: what it sends back as `?since=`. */
  cursor = "";
  private seen = new Set<string>();
  private replaying = true;
  private openedAt = 0;

  /** A new stream opens: until its `ready`, what it sends is replayed. */
  streamOpening(): void {
    this.replaying = true;
  }

  /** The stream's `ready`, with its starting cursor. */
  ready(id: string): void {
    if (id) this.cursor = id;
    this.openedAt ||= parseLiveCursor(id)?.at ?? 0;
    this.replaying = false;
  }

  /** Whether an announcement with this event id is new to the page (and remember it). */
  isNews(id: string): boolean {
    if (!id) return true;
    this.cursor = id;
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);
    return !(this.replaying && (parseLiveCursor(id)?.at ?? 0) < this.openedAt);
  }
}
