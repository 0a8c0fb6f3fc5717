import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { isBackOfficePath } from "~/lib/site/site-paths";
import { precompressPage, type CachedPage, type Encoding, type PageCache } from "./page-cache";

/**
 * Public pages as bytes (docs/decisions/0018-public-pages-as-fixed-bytes.md). A response is
 * kept when its route opted in (`Cache-Control: public`, status 200), precompressed,
 * with a strong ETag per encoding. Every answer for it, the first one included, is then the
 * same bytes: the encoding the client prefers, 304 when its ETag still matches, headers
 * only for HEAD.
 */

/**
 * Cache hits before anything else runs (http/main.ts calls this ahead of Express): true
 * when answered. Only GET and HEAD are looked up, and only public pages are ever stored.
 */
export function answerFromPageCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const page = cache.get(req.url ?? "");
  if (!page) return false;
  sendCachedPage(req, res, page, "hit");
  return true;
}

/** The same inside Express (development, and pages not cached yet): renders, keeps, answers. */
export function pageCacheMiddleware(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    // "/about.data" is React Router's data request for a page: not a page.
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      isBackOfficePath(req.path) ||
      req.path.endsWith(".data")
    ) {
      return next();
    }
    const key = req.originalUrl;
    const hit = cache.get(key);
    if (hit) return sendCachedPage(req, res, hit, "hit");
    const earlier = cache.inFlight(key);
    if (earlier) {
      earlier.then((page) => (page ? sendCachedPage(req, res, page, "hit") : render()), render);
      return;
    }
    render();

    // Only a GET's body is a page to keep: a HEAD not in the cache is rendered as it is.
    function render() {
      if (req.method === "HEAD") next();
      else renderAndKeep();
    }

    function renderAndKeep() {
      const settle = cache.rendering(key);
      const generation = cache.begin();
      const chunks: Buffer[] = [];
      const write = res.write;
      const end = res.end;
      let keep: boolean | undefined;
      // Decided when the route writes its first byte: by then its status and headers are set.
      const keeping = () =>
        (keep ??=
          res.statusCode === 200 &&
          String(res.getHeader("Cache-Control") ?? "").startsWith("public") &&
          !res.hasHeader("Set-Cookie"));
      const restore = () => {
        res.write = write;
        res.end = end;
      };

      res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
        if (!keeping())
          return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
        if (chunk) chunks.push(toBuffer(chunk));
        const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
        if (done) queueMicrotask(done);
        return true;
      } as typeof res.write;

      res.end = function (this: typeof res, chunk?: unknown, ...rest: unknown[]) {
        if (!keeping()) {
          restore();
          settle(undefined);
          return (end as (...args: unknown[]) => typeof res).call(this, chunk, ...rest);
        }
        if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
        restore();
        precompressPage({
          status: res.statusCode,
          headers: storedHeaders(res.getHeaders()),
          body: Buffer.concat(chunks),
          key,
        }).then(
          (page) => {
            cache.set(key, page, generation);
            settle(page);
            sendCachedPage(req, res, page, "miss");
          },
          (error: unknown) => {
            settle(undefined);
            next(error);
          },
        );
        return this;
      } as typeof res.end;

      next();
    }
  };
}

const NOT_MODIFIED_HEADERS = ["cache-control", "cdn-cache-control"];

/**
 * One cached page, as the client asked for it. The headers go in one array through
 * writeHead (the fastest path Node has), with X-Request-Id as every response has it.
 */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: "hit" | "miss",
): void {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const variant = page.variants[encoding];
  // Inside Express the response has its id already, the one its log lines carry.
  const requestId =
    String(res.getHeader("X-Request-Id") ?? "") || requestIdFor(req.headers["x-request-id"]);
  const matched = matchingEtag(req.headers["if-none-match"], page, variant.etag);
  if (matched) {
    const headers: [string, string][] = [["ETag", matched]];
    for (const [name, value] of page.headers) {
      if (NOT_MODIFIED_HEADERS.includes(name)) headers.push([name, value]);
    }
    headers.push(["Vary", "Accept-Encoding"], ["X-Page-Cache", state], ["X-Request-Id", requestId]);
    res.writeHead(304, headers.flat());
    res.end();
    return;
  }
  const headers = [
    ...page.headers.flat(),
    "ETag",
    variant.etag,
    "Vary",
    "Accept-Encoding",
    "Content-Length",
    String(variant.body.length),
    "X-Page-Cache",
    state,
    "X-Request-Id",
    requestId,
  ];
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

/** A proxy's request id when it looks like one (so its logs and ours match), else a new one. */
export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === "string" && /^[\w.:-]{8,128}$/.test(given) ? given : crypto.randomUUID();
}

const negotiated = new Map<string, Encoding>();

/**
 * brotli, else gzip, else the bytes as they are, by the client's Accept-Encoding (q=0 means
 * "not this one"). Browsers send one of a handful of headers, so answers are remembered.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let known = negotiated.get(header);
  if (known === undefined) {
    const accepted = new Map<string, number>();
    for (const part of header.toLowerCase().split(",")) {
      const [name = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
    }
    const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
    known = weight("br") > 0 ? "br" : weight("gzip") > 0 ? "gzip" : "identity";
    // Bounded: a client making up headers must not grow this forever.
    if (negotiated.size < 100) negotiated.set(header, known);
  }
  return known;
}

/**
 * The ETag of If-None-Match (a list, or *) that names the page's current bytes, in any
 * encoding: the client's copy decodes to the same page. Compared weakly, as RFC 9110 says.
 */
function matchingEtag(
  header: string | undefined,
  page: CachedPage,
  current: string,
): string | undefined {
  if (!header) return undefined;
  if (header.trim() === "*") return current;
  const ours = [page.variants.br.etag, page.variants.gzip.etag, page.variants.identity.etag];
  for (const candidate of header.split(",")) {
    const tag = candidate.trim().replace(/^W\//, "");
    if (ours.includes(tag)) return tag;
  }
  return undefined;
}

// Headers that belong to one response, or that an answer from the cache sets itself.
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "x-page-cache",
  "x-request-id",
]);

function storedHeaders(headers: Record<string, unknown>): [string, string][] {
  return Object.entries(headers)
    .filter(([name, value]) => value !== undefined && !PER_RESPONSE.has(name.toLowerCase()))
    .map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(", ") : String(value),
    ]);
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk));
}
