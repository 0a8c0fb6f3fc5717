import { randomUUID } from "node:crypto";
import { parseChange, type LiveChange } from "~/lib/admin/live-events";
import type { DatabaseHandle } from "../db/database.server";
import { logger } from "../logger.server";

export const CHANGE_CHANNEL = "lockline_changes";

/** What a trigger announces (`{ table, op, id }`), which streams pass on as their `change` event. */
export type Change = LiveChange;
type Listener = (change: Change) => void;

/**
 * Tables whose changes concern the server alone: a browser has no use for them, and session
 * ids are nobody else's business. Streams do not pass them on (a change to them can end a
 * stream: event-stream.server.ts), and they do not move the feed's mark.
 */
const INTERNAL_TABLES = new Set(["session", "user"]);

/** Whether a change concerns the server alone (sessions, accounts). */
export function isInternalChange(change: Change): boolean {
  return INTERNAL_TABLES.has(change.table);
}

/**
 * One LISTEN connection per process, fanned out to in-process subscribers
 * (page cache, live-update streams). Triggers in the database send the notifications,
 * so changes made by any process or by hand in psql are seen.
 */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  private interruptListeners = new Set<() => void>();
  private stop: (() => Promise<void>) | undefined;
  /** This process's feed: a mark from another process (or before a restart) never matches. */
  private readonly id = randomUUID();
  /** How many changes a browser would have been told of since the feed started. */
  private told = 0;
  connected = false;

  static async start(database: Pick<DatabaseHandle, "listen">): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    feed.stop = await database.listen(
      CHANGE_CHANNEL,
      (payload) => feed.receive(payload),
      (connected) => {
        feed.connected = connected;
        // Changes may have been missed while the connection was down: tell everyone.
        if (connected) feed.emit({ table: "*", op: "update", id: "" });
        else feed.interrupt();
      },
    );
    feed.connected = true;
    return feed;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Heard when the feed stops delivering changes: its connection to the database is lost,
   * or it closes (the process shuts down). A stream to a browser ends then, rather than
   * look live while it hears nothing.
   */
  onInterrupt(listener: () => void): () => void {
    this.interruptListeners.add(listener);
    return () => this.interruptListeners.delete(listener);
  }

  /**
   * Where the feed stands, taken before a page's loaders read anything. A stream opened later
   * with the same mark (`changeEventStream`) knows that no change a browser is told of came in
   * between: the page it serves is current, and need not be read again.
   */
  mark(): string {
    return `${this.id}.${this.told}`;
  }

  private interrupt() {
    for (const listener of [...this.interruptListeners]) listener();
  }

  private receive(payload: string) {
    const change = parseChange(payload);
    if (change) this.emit(change);
  }

  private emit(change: Change) {
    if (!isInternalChange(change)) this.told += 1;
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        logger.error({ err: error }, "Change listener failed");
      }
    }
  }

  async close(): Promise<void> {
    this.connected = false;
    this.interrupt();
    this.interruptListeners.clear();
    this.listeners.clear();
    await this.stop?.();
    this.stop = undefined;
  }
}
