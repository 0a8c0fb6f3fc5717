import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { REQUEST } from "~/lib/ui-text-shell";
import { pingDatabase } from "../db/database.server";
import { logger } from "../logger.server";
import { servicesContext } from "./context.server";

/*
 * A page or resource that fails while the database is away is not an application error: it
 * answers 503 with a page that says so and tries again by itself (a meta refresh, so without
 * JavaScript too, and Retry-After for other clients), instead of the 500 "Unexpected
 * Application Error!" (decision 0037). In the app, a reload's data request gets the same
 * answer; React Router cannot read it as data, and the page keeps what it shows with
 * "Offline — retrying" (keepPageWhenOffline, decision 0025).
 */

/** How often the page tries again, in seconds. */
export const OUTAGE_RETRY_SECONDS = 10;
/** How long the check waits for the database to answer. */
const PING_TIMEOUT_MS = 2000;

/** True when the database answers `select 1` within PING_TIMEOUT_MS. */
export async function databaseAnswers(context: Readonly<RouterContextProvider>): Promise<boolean> {
  const { database } = context.get(servicesContext);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(database.db),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), PING_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Any failed answer (5xx) of the routes below, while the database does not answer: the 503 page. */
export const databaseOutagePage: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A resource route's error (a CSV export's sign-in check, say) comes up thrown.
    if (error instanceof Response || (await databaseAnswers(context))) throw error;
    logger.warn(
      { path: new URL(request.url).pathname },
      "Database unavailable: answered the outage page",
    );
    return databaseUnavailableResponse(request);
  }
  // A 503 already says "later" in its own way (the live stream's `retry:`, /readyz).
  if (response.status < 500 || response.status === 503) return response;
  if (await databaseAnswers(context)) return response;
  // Read to its end, not cancelled: the error page may still be rendering into it, and a
  // stream closed under React's writes fails outside any request.
  await response.arrayBuffer().catch(() => undefined);
  logger.warn(
    { path: new URL(request.url).pathname, status: response.status },
    "Database unavailable: answered the outage page",
  );
  return databaseUnavailableResponse(request);
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** The 503 page: plain HTML with no script or style, so it needs nothing that may be down. */
export function databaseUnavailableResponse(request: Request): Response {
  const url = new URL(request.url);
  // The page itself, as a GET: a refused form is not sent again by the refresh.
  const again = escapeHtml(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
  const seconds = OUTAGE_RETRY_SECONDS;
  const saved = request.method === "GET" || request.method === "HEAD";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="refresh" content="${seconds}; url=${again}">
<title>${escapeHtml(REQUEST.databaseUnavailableTitle)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(REQUEST.databaseUnavailableTitle)}</h1>
<p>${escapeHtml(REQUEST.databaseUnavailable(seconds))}</p>
${saved ? "" : `<p>${escapeHtml(REQUEST.databaseUnavailableSaved)}</p>\n`}<p><a href="${again}">${escapeHtml(REQUEST.retryNow)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(seconds),
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
