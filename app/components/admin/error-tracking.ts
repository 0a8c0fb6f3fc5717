/*
 * The back office's errors to the error tracker (@sentry/react), when the server has one
 * configured (SENTRY_DSN, passed down by the admin layout's loader). The SDK is imported
 * only then, on first use: public pages never load it, and nor does the back office when
 * tracking is off.
 */

type Sentry = typeof import("@sentry/react");

let started: Promise<Sentry> | undefined;

/** Starts the browser's error tracking once, when `dsn` is set; nothing otherwise. */
export function startBrowserErrorTracking(dsn: string | null | undefined): Promise<Sentry> | null {
  if (!dsn) return null;
  started ??= import("@sentry/react").then((sentry) => {
    sentry.init({ dsn });
    return sentry;
  });
  return started;
}

/** Reports an error a screen's boundary caught (nothing when tracking is off). */
export function reportBrowserError(dsn: string | null | undefined, error: unknown): void {
  void startBrowserErrorTracking(dsn)?.then((sentry) => sentry.captureException(error));
}
