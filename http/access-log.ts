import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { tokenRedactor } from "~/lib/security/token-paths";
import { logger, redactPathsInLogs } from "~/server/logger.server";
import { requestIdFor } from "./page-cache-middleware";

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

const sentBefore = Symbol("bytes written before this response");

/**
 * One line per request, at info, once its response is done or cut off (pino-http): the
 * request's id (`reqId`), method, path (`loggedPath`), status, duration in ms and bytes sent
 * (headers included). The id is decided here, once: a proxy's X-Request-Id when it looks like
 * one, else a new one, written back into the header where Express and the page cache read
 * it. Called by the HTTP entry (http/main.ts) for every request, cached pages included. A
 * streamed response (the live-update stream) is logged when it ends.
 */
export function accessLog(
  log: Logger = logger,
  redact?: (path: string) => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  const line = (req: IncomingMessage, res: ServerResponse, responseTime: number) => ({
    method: req.method,
    path: loggedPath(req.url ?? "", redact),
    status: res.statusCode,
    ms: responseTime,
    bytes: req.socket.bytesWritten - ((res as Sent)[sentBefore] ?? 0),
    // The client went away (or the stream was cut) before the response was complete.
    ...(res.writableFinished ? {} : { aborted: true }),
  });
  const middleware = pinoHttp({
    logger: log,
    genReqId(req) {
      const id = requestIdFor(req.headers["x-request-id"]);
      req.headers["x-request-id"] = id;
      return id;
    },
    // No `req`/`res` objects on the line: its fields are ours; the id is bound as `reqId`.
    quietReqLogger: true,
    quietResLogger: true,
    // A 500 is an error line of its own (entry.server.tsx); its access line is info too.
    customLogLevel: () => "info",
    customSuccessObject: (req, res, { responseTime }) => line(req, res, responseTime),
    customErrorObject: (req, res, _error, { responseTime }) => line(req, res, responseTime),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
  });
  return (req, res) => {
    (res as Sent)[sentBefore] = req.socket.bytesWritten;
    middleware(req, res);
  };
}

type Sent = ServerResponse & { [sentBefore]?: number };
