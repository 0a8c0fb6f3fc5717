import pg from "pg";
import { logger } from "../logger.server";
import { backoffMs } from "./backoff.server";

/**
 * A LISTEN on its own connection that comes back by itself: when PostgreSQL restarts or
 * the network drops, it reconnects with backoff (0.5 s doubling to 5 s: live updates and the
 * page cache depend on it, and one connection attempt is cheap) and listens again.
 * The first connection must succeed, so a wrong URL fails at start, not silently.
 */
export async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (connected: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      onState(false);
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", lost);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    attempt = 0;
    onState(true);
  }

  function scheduleReconnect() {
    const delay = backoffMs(attempt++, 5_000);
    timer = setTimeout(() => {
      connect().catch((error: Error) => {
        logger.error({ err: error, channel }, "LISTEN reconnect failed");
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
