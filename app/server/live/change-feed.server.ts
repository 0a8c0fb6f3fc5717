import { z } from "zod";
import type { DatabaseHandle } from "../db/database.server";
import { logger } from "../logger.server";

export const CHANGE_CHANNEL = "lockline_changes";

const changeSchema = z.object({
  table: z.string(),
  op: z.enum(["insert", "update", "delete"]),
  id: z.string(),
});

export type Change = z.infer<typeof changeSchema>;
type Listener = (change: Change) => void;

/**
 * One LISTEN connection per process, fanned out to in-process subscribers
 * (page cache, live-update streams). Triggers in the database send the notifications,
 * so changes made by any process or by hand in psql are seen.
 */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  private closeListeners = new Set<() => void>();
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
      },
    );
    feed.connected = true;
    return feed;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Heard once when the feed closes (the process shuts down): streams end with it. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  private receive(payload: string) {
    let change: Change;
    try {
      change = changeSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    this.emit(change);
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
    for (const listener of [...this.closeListeners]) listener();
    this.closeListeners.clear();
    this.listeners.clear();
    await this.stop?.();
    this.stop = undefined;
  }
}
