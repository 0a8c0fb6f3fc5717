import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";
import { readLogColors, readLogFormat, readLogLevel } from "./env.server";
import { singleton } from "./singleton.server";

/*
 * The one logger: JSON lines on stdout (pino), readable ones for a person at a terminal
 * (LOG_FORMAT, pino-pretty), at LOG_LEVEL, each written while serving a
 * request carrying that request's id (`reqId`, also sent back as X-Request-Id), so the lines
 * of one request can be found together. The access line per request is http/access-log.ts.
 *
 * The HTTP entry (http/main.ts, run by Node) and the bundled app each get their own copy
 * of this module, so the logger and the request scope live on globalThis (singleton).
 */

const requestScope = singleton(
  "log-request-scope",
  () => new AsyncLocalStorage<{ requestId: string }>(),
);

/**
 * Link tokens never reach a log line, whatever line it is ("Page not found", an error
 * quoting a request): each path in a line as written is redacted by the route table the
 * HTTP entry hands over at start (http/access-log.ts). Kept on globalThis like the logger.
 */
const logRedaction = singleton("log-redaction", () => ({
  redact: (path: string): string => path,
}));

/** Redacts every path of every log line with `redact` from now on. */
export function redactPathsInLogs(redact: (path: string) => string): void {
  logRedaction.redact = redact;
}

/** A path as a log line (or an error report) may keep it: link tokens redacted. */
export function redactedPath(path: string): string {
  return logRedaction.redact(path);
}

/** A path in a written line (inside a JSON string: a quote or backslash ends it), with its origin. */
const PATH_IN_LINE = /(https?:\/\/[^/\s"\\]+)?((?:\/+[^\s"\\/?#]+)+\/?)/gi;

function redactLine(line: string): string {
  return line.replace(
    PATH_IN_LINE,
    (_whole, origin: string | undefined, path: string) =>
      (origin ?? "") + logRedaction.redact(path),
  );
}

/**
 * Readable lines for a person at a terminal (pino-pretty, on a thread of its own as pino
 * transports are), the same fields as the JSON.
 */
function prettyTransport() {
  // Decided here: the printer's thread has no terminal of its own to ask.
  const colorize = readLogColors();
  return {
    target: "pino-pretty",
    options: { colorize, translateTime: "SYS:HH:MM:ss", singleLine: true },
  };
}

/**
 * A logger that tags its lines with the current request's id: JSON lines on stdout, or
 * readable ones (`format` "pretty"); tests pass a destination.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: "json" | "pretty" = "json",
): Logger {
  const options = {
    level,
    base: undefined,
    hooks: { streamWrite: redactLine },
    mixin: (_line: object, _level: number, log: Logger) => {
      const scope = requestScope.getStore();
      // A child bound to the request already has it (pino-http's access line): once per line.
      return scope && !("reqId" in log.bindings()) ? { reqId: scope.requestId } : {};
    },
  };
  if (destination) return pino(options, destination);
  // Nothing to print: no thread for the pretty printer either.
  if (format === "pretty" && level !== "silent")
    return pino({ ...options, transport: prettyTransport() });
  return pino(options);
}

export const logger = singleton("logger", () =>
  createLogger(readLogLevel(), undefined, readLogFormat()),
);

/** Runs `serve` (and everything it starts) with every log line tagged with `requestId`. */
export function withRequestId<T>(requestId: string, serve: () => T): T {
  return requestScope.run({ requestId }, serve);
}
