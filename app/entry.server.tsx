import fs from "node:fs";
import path from "node:path";
import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { DeferredPartsContext } from "./components/site/deferred";
import { CitySections } from "./components/site/city-sections";
import { HomeSections } from "./components/site/home-sections";
import { ServiceSections } from "./components/site/service-blocks";
import { InlineStylesheetContext, stylesheetHref } from "./components/site/stylesheet";
import { nonceContext } from "./server/http/request-context.server";
import { logger } from "./server/logger.server";

export const streamTimeout = 5_000;

/** Errors thrown by loaders, actions and rendering, logged once with the request's id. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A request the browser gave up on is not an error of ours.
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "Unhandled error");
};

/** Parts of pages the browser does not hydrate (components/site/deferred.tsx), by name. */
const DEFERRED_PARTS = {
  "home-sections": HomeSections,
  "city-sections": CitySections,
  "service-sections": ServiceSections,
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

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * React Router preloads the page's modules with <link rel="modulepreload"> in <head>, at
 * high priority. The page is complete without them (the call links, the text, the menu),
 * so they are marked low priority: still fetched at once, but never ahead of what the
 * first paint needs on a slow connection. Works on bytes, across chunk boundaries.
 */
function lowPriorityModulePreloads(): Transform {
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = Buffer.concat([tail, chunk]);
      const parts: Buffer[] = [];
      let start = 0;
      for (let at = data.indexOf(MODULE_PRELOAD); at !== -1;) {
        parts.push(data.subarray(start, at), LOW_MODULE_PRELOAD);
        start = at + MODULE_PRELOAD.length;
        at = data.indexOf(MODULE_PRELOAD, start);
      }
      // Hold back what could be the start of a tag cut by the chunk boundary.
      const keep = Math.max(start, data.length - (MODULE_PRELOAD.length - 1));
      parts.push(data.subarray(start, keep));
      tail = data.subarray(keep);
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, tail);
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Crawlers and the page cache want the complete document; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  const nonce = loadContext.get(nonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheetContext value={inlineStylesheet()}>
        <DeferredPartsContext value={DEFERRED_PARTS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DeferredPartsContext>
      </InlineStylesheetContext>,
      {
        nonce,
        // Suspense boundaries (deferred.tsx) are written in place, never moved to the end of
        // the stream for a script to put back: the page must read right without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
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
          pipe(lowPriorityModulePreloads()).pipe(body);
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
