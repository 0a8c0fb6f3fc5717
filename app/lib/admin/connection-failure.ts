import isNetworkError from "is-network-error";
import { isRouteErrorResponse } from "react-router";
import { REQUEST } from "../ui-text-shell";

/*
 * Telling a bad connection from a real error when a page's data is reloaded. React Router
 * puts whatever a route's loader gave into its results: data, or an error that goes to the
 * nearest error boundary (for the back office, the public "Unexpected Application Error!").
 * A loader that threw (a 500, a 404 from `data(..., 404)`) reaches the browser as an Error or
 * an error response, decoded from the server's answer; a request that never got an answer
 * fails inside `fetch` with a TypeError ("Failed to fetch"), and an answer cut off half-way
 * fails React Router's decoding with the message below.
 */

/** React Router's error when the body of its data request could not be read to the end. */
const CUT_OFF_ANSWER = "Unable to decode turbo-stream response";

/** True when `error` means the server was not reached (or its answer was cut off). */
export function isConnectionFailure(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return error instanceof Error && error.name === "Error" && error.message === CUT_OFF_ANSWER;
}

/**
 * True when `error` is the server's 503 "Database unavailable — retrying" page
 * (database-outage.server.ts), as a data request in the browser receives it: an error
 * response whose data is the page's text. It is waited out like a dropped connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    typeof error.data === "string" &&
    error.data.includes(`<h1>${REQUEST.databaseUnavailableTitle}</h1>`)
  );
}

/** One route's outcome, as React Router's data strategy reports it. */
export interface RouteResult {
  type: "data" | "error";
  result: unknown;
}

/**
 * The results with every route that failed for want of a connection left out, and whether
 * any did. React Router keeps a route's loaded data when a reload brings no result for it
 * (as when `shouldRevalidate` says no), so the page stays as it was instead of an error.
 */
export function withoutConnectionFailures<Results extends Record<string, RouteResult>>(
  results: Results,
): { results: Results; failed: boolean } {
  const kept = Object.entries(results).filter(
    ([, outcome]) =>
      !(
        outcome.type === "error" &&
        (isConnectionFailure(outcome.result) || isDatabaseUnavailable(outcome.result))
      ),
  );
  const failed = kept.length < Object.keys(results).length;
  return { results: (failed ? Object.fromEntries(kept) : results) as Results, failed };
}
