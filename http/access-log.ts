import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { logger } from "~/server/logger.server";

/*
 * Links that carry a secret in their path: a locksmith's job page (/j/:token), a review form
 * (/review/:token) and a password reset (/auth/reset/:token, and better-auth's own
 * /api/auth/reset-password/:token). Routes match without regard to case, and React Router's
 * data requests add ".data".
 */
const TOKEN_IN_PATH =
  /^(\/+(?:j|review(?!\/+thanks(?:\.data)?(?:\/|$))|auth\/+reset|api\/+auth\/+reset-password)\/+)[^/]+?(\.data)?(?=\/|$)/i;

/** A request's path as the log may keep it: no query string, no host, link tokens redacted. */
export function loggedPath(url: string): string {
  const query = url.indexOf("?");
  const path = (query === -1 ? url : url.slice(0, query)).replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, "");
  return path.replace(TOKEN_IN_PATH, "$1:token$2");
}

/**
 * One line per request, at info, once its response is done or cut off: method, path
 * (`loggedPath`), status, duration in ms and bytes sent (headers included), tagged with the
 * request's id. Called by the HTTP entry (http/main.ts) for every request, cached pages
 * included. A streamed response (the live-update stream) is logged when it ends.
 */
export function logAccess(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  log: Logger = logger,
): void {
  if (!log.isLevelEnabled("info")) return;
  const started = performance.now();
  const socket = req.socket;
  const sentBefore = socket.bytesWritten;
  res.once("close", () => {
    const line: Record<string, unknown> = {
      reqId: requestId,
      method: req.method,
      path: loggedPath(req.url ?? ""),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      bytes: socket.bytesWritten - sentBefore,
    };
    // The client went away (or the stream was cut) before the response was complete.
    if (!res.writableFinished) line.aborted = true;
    log.info(line, "request");
  });
}
