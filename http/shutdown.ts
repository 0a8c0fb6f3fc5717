import type http from "node:http";
import { logger } from "~/server/logger.server";

/** What the app does when the process stops (http/app.ts → services.server.ts). */
export interface AppLifecycle {
  /** Ends the live-update streams, so their connections can close. */
  endStreams(): Promise<void>;
  /** Stops the background work and closes the database, once no request needs it. */
  stop(): Promise<void>;
}

/** A process manager waits about this long before SIGKILL (systemd's default is 90 s). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Kept for closing the pools after the requests: the requests get the rest. */
const CLOSING_MS = 2_000;

/**
 * On SIGTERM or SIGINT, within 10 s: stop accepting connections, end the event streams,
 * let the requests in flight finish (a keep-alive connection is closed once idle), then close
 * the text sender and the database, and exit 0. Whatever is still open at the deadline is cut
 * and the exit code is 1. `app` is read when the signal comes (it is loaded after listening
 * in development).
 */
export function shutDownOnSignals(
  listener: http.Server,
  app: () => AppLifecycle | undefined,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  let inFlight = 0;
  let closing = false;
  let drained = () => {};
  listener.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight += 1;
    // Arriving on a kept-alive connection during the shutdown: answered, then closed.
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => {
      inFlight -= 1;
      if (closing && inFlight === 0) drained();
    });
  });

  const shutDown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    logger.info(`${signal}: shutting down (${inFlight} requests in flight)`);
    const cut = setTimeout(() => {
      logger.error(`Shutdown still unfinished after ${deadlineMs / 1000} s: exiting anyway`);
      process.exit(1);
    }, deadlineMs);
    cut.unref();
    listener.close();
    listener.closeIdleConnections();
    await app()
      ?.endStreams()
      .catch((error: Error) => logger.error({ err: error }, "Ending the event streams failed"));
    if (inFlight > 0) {
      const requestsDone = new Promise<void>((resolve) => (drained = resolve));
      const timeLeft = deadlineMs - CLOSING_MS - (Date.now() - started);
      const waited = await Promise.race([
        requestsDone.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeLeft).unref()),
      ]);
      if (!waited) logger.warn(`${inFlight} requests still running: cutting them off`);
    }
    listener.closeAllConnections();
    try {
      await app()?.stop();
    } catch (error) {
      logger.error({ err: error }, "Closing the app failed");
      process.exit(1);
    }
    logger.info(`Shut down in ${Date.now() - started} ms`);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void shutDown(signal));
  }
}
