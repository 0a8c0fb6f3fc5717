import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { tokenRedactor } from "~/lib/security/token-paths";
import { logger, redactPathsInLogs } from "~/server/logger.server";

/*
 * The access log: one line per request, its path with link tokens redacted by the route
 * table (~/lib/security/token-paths.ts), which the other log lines use too.
 */

let redactTokens: (path: string) => string = tokenRedactor([]);
let redactingFor: readonly string[] | undefined;

/** Tells the log the route table (at start, from the server build; in development, anew). */
export function redactLinkTokensWith(routePaths: readonly string[]): void {
  if (routePaths === redactingFor) return;
  redactingFor = routePaths;
  redactTokens = tokenRedactor(routePaths);
  // Every other line too: a page's "not found", an error's message (logger.server.ts).
  redactPathsInLogs(redactTokens);
}

/** A request's path as the log may keep it: no query string, no host, link tokens redacted. */
export function loggedPath(url: string, redact: (path: string) => string = redactTokens): string {
  const query = url.indexOf("?");
  const path = (query === -1 ? url : url.slice(0, query)).replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, "");
  return redact(path);
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
  redact?: (path: string) => string,
): void {
  if (!log.isLevelEnabled("info")) return;
  const started = performance.now();
  const socket = req.socket;
  const sentBefore = socket.bytesWritten;
  res.once("close", () => {
    const line: Record<string, unknown> = {
      reqId: requestId,
      method: req.method,
      path: loggedPath(req.url ?? "", redact),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      bytes: socket.bytesWritten - sentBefore,
    };
    // The client went away (or the stream was cut) before the response was complete.
    if (!res.writableFinished) line.aborted = true;
    log.info(line, "request");
  });
}
