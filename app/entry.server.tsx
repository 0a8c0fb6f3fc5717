import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { isDialogAddress } from "./lib/admin/dialog-address";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { islandScripts } from "virtual:lockline/islands";
import { IslandScriptsContext } from "./components/site/island-scripts";
import { InlineStylesheetContext, stylesheetHref } from "./components/site/stylesheet";
import { pageScripts } from "./lib/site/page-handle";
import { nonceContext } from "./server/route-helpers/request-context.server";
import { logger } from "./server/logger.server";
import { reportServerError } from "./server/error-tracking.server";

export const streamTimeout = 5_000;

/** Errors thrown by loaders, actions and rendering, logged once with the request's id. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A request the browser gave up on is not an error of ours.
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  // A method a route does not take (405) or a route that is not there is the client's
  // mistake, answered in words: one line at info, no stack (issue 47).
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ path, status: error.status }, "Refused request");
    return;
  }
  logger.error({ err: error, path }, "Unhandled error");
  void reportServerError(error, { path }).catch((failure: unknown) =>
    logger.warn({ err: failure }, "Could not report the error to error tracking"),
  );
};

/**
 * The built stylesheet's text, read once: pages inline it (components/site/stylesheet.tsx).
 * Null in development, where Vite serves the stylesheet itself.
 */
let stylesheetText: string | null | undefined;
function inlineStylesheet(): string | null {
  if (stylesheetText === undefined) {
    stylesheetText = null;
    // Development serves /app/app.css through Vite: nothing built to read.
    if (stylesheetHref.startsWith("/assets/")) {
      try {
        stylesheetText = fs.readFileSync(
          path.resolve("build/client", `.${stylesheetHref}`),
          "utf8",
        );
      } catch (error) {
        logger.error(
          { err: error },
          `Stylesheet ${stylesheetHref} is not readable; linking it instead`,
        );
      }
    }
  }
  return stylesheetText;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { hydrate } = pageScripts(
    routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    ),
  );
  // Public pages (no hydration) are rendered whole: the page cache keeps them, and React
  // then writes every part in place, with no inline script to move it. Crawlers get the
  // complete document too; other back-office pages are streamed, but for one opened at a
  // dialog's address (`?open=`, decision 0058): the dialog is in the document, so it works
  // before hydration and without JavaScript.
  const waitForAll =
    !hydrate ||
    isbot(request.headers.get("user-agent") ?? "") ||
    routerContext.isSpaMode ||
    isDialogAddress(new URL(request.url));
  // Back-office pages only: public pages carry no nonce (their CSP lists hashes).
  const nonce = loadContext.get(nonceContext) || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheetContext value={inlineStylesheet()}>
        <IslandScriptsContext value={islandScripts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandScriptsContext>
      </InlineStylesheetContext>,
      {
        nonce,
        // A whole document keeps every part in place: React 19 otherwise moves a finished
        // Suspense boundary past its first 12,800 bytes (progressiveChunkSize) out to the end,
        // hidden, for an inline script to swap in, so without JavaScript a dialog opened at
        // its address stayed hidden.
        ...(waitForAll && { progressiveChunkSize: Number.POSITIVE_INFINITY }),
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log the rest.
          if (shellRendered) logger.error({ err: error }, "Rendering failed after the shell");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
