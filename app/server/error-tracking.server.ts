import { getEnv } from "./env.server";
import { redactedPath } from "./logger.server";

/*
 * Unexpected server errors to the error tracker (@sentry/node), when SENTRY_DSN is set. The
 * SDK is imported on first use and only then: with tracking off, nothing is loaded or sent.
 * Errors only (no tracing, no default integrations): what handleError (entry.server.tsx)
 * reports, with the request's path, link tokens redacted as in the log.
 */

type Sentry = typeof import("@sentry/node");

let started: { dsn: string; sentry: Promise<Sentry> } | undefined;

/** The DSN the browser reports to as well (the admin layout passes it down); null when off. */
export function errorTrackingDsn(): string | null {
  return getEnv().SENTRY_DSN ?? null;
}

/** The SDK, started once for `dsn`; null when tracking is off. */
export function startErrorTracking(dsn = errorTrackingDsn()): Promise<Sentry> | null {
  if (!dsn) return null;
  if (started?.dsn !== dsn) {
    const sentry = import("@sentry/node").then((sdk) => {
      sdk.init({
        dsn,
        defaultIntegrations: false,
        tracesSampleRate: 0,
      });
      return sdk;
    });
    started = { dsn, sentry };
  }
  return started.sentry;
}

/** Reports an unexpected error of a request; resolves once handed to the SDK. */
export async function reportServerError(
  error: unknown,
  request: { path: string },
  dsn = errorTrackingDsn(),
): Promise<void> {
  const sentry = await startErrorTracking(dsn);
  sentry?.captureException(error, { tags: { path: redactedPath(request.path) } });
}
