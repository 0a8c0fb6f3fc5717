import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { DeferredPartsContext } from "./components/site/deferred";
import { HomeSections } from "./components/site/home-sections";
import { InlineStylesheetContext, stylesheetHref } from "./components/site/stylesheet";
import { nonceContext } from "./server/request-context.server";

export const streamTimeout = 5_000;

/** Parts of pages the browser does not hydrate (components/site/deferred.tsx), by name. */
const DEFERRED_PARTS = { "home-sections": HomeSections };

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
        console.error(`Stylesheet ${stylesheetHref} is not readable; linking it instead.`, error);
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
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
