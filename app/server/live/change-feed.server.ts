import { parseChange, type LiveChange } from "~/lib/admin/live-events";
import type { DatabaseHandle } from "../db/database.server";
import { logger } from "../logger.server";

export const CHANGE_CHANNEL = "lockline_changes";

/** What a trigger announces (`{ table, op, id }`), which streams pass on as their `change` event. */
export type Change = LiveChange;
type Listener = (change: Change) => void;

/**
 * One LISTEN connection per process, fanned out to in-process subscribers
 * (page cache, live-update streams). Triggers in the database send the notifications,
 * so changes made by any process or by hand in psql are seen.
 */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  private interruptListeners = new Set<() => void>();
  private stop: (() => Promise<void>) | undefined;
  connected = false;

  static async start(database: DatabaseHandle): Promise<ChangeFeed> {
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

  private interrupt() {
    for (const listener of [...this.interruptListeners]) listener();
  }

  private receive(payload: string) {
    const change = parseChange(payload);
    if (change) this.emit(change);
  }

  private emit(change: Change) {
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
