import type { RequestHandler } from "express";
import type { CachedPage, PageCache } from "~/server/page-cache.server";

const UNCACHEABLE_PREFIXES = ["/admin", "/auth", "/api", "/healthz", "/readyz"];

/**
 * Serves public pages from memory. A response is stored only when the route opted in by
 * sending `Cache-Control: public` with status 200, so private pages never land here.
 */
export function pageCacheMiddleware(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCacheablePath(req.path)) {
      return next();
    }
    const key = req.originalUrl;
    const hit = cache.get(key);
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.end(
        req.method === "HEAD" ? undefined : withNonce(hit, String(res.locals.cspNonce ?? "")),
      );
      return;
    }
    const generation = cache.begin();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.setHeader("X-Page-Cache", "miss");
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      if (req.method === "GET" && res.statusCode === 200 && cacheControl.startsWith("public")) {
        cache.set(
          key,
          {
            status: res.statusCode,
            headers: storedHeaders(res.getHeaders()),
            body: Buffer.concat(chunks),
            nonce: String(res.locals.cspNonce ?? ""),
            storedAt: Date.now(),
          },
          generation,
        );
      }
      return (end as (...args: unknown[]) => typeof res)(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}

/**
 * A cached page carries the nonce of the request that rendered it; every response gets
 * its own, so the stored one (random, 128 bits) is swapped for this request's.
 */
function withNonce(page: CachedPage, nonce: string): Buffer {
  if (!page.nonce || !nonce) return page.body;
  const parts = nonceSplit(page);
  if (parts.length === 1) return page.body;
  const fill = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [fill, part])));
}

const splits = new WeakMap<CachedPage, Buffer[]>();

/**
 * The page's bytes around each occurrence of its stored nonce, found once per cached page:
 * a hit then only copies bytes, instead of decoding the page, replacing in the string and
 * encoding it again. Bytes and text agree here: the nonce is base64 (ASCII), and no byte of
 * a multi-byte UTF-8 character is ASCII.
 */
function nonceSplit(page: CachedPage): Buffer[] {
  let parts = splits.get(page);
  if (!parts) {
    parts = [];
    const needle = Buffer.from(page.nonce);
    let start = 0;
    for (let at = page.body.indexOf(needle); at !== -1; at = page.body.indexOf(needle, start)) {
      parts.push(page.body.subarray(start, at));
      start = at + needle.length;
    }
    parts.push(page.body.subarray(start));
    splits.set(page, parts);
  }
  return parts;
}

function isCacheablePath(path: string): boolean {
  // Client navigations fetch "/admin.data": the same route, the same rule.
  const route = path.replace(/\.data$/, "");
  return !UNCACHEABLE_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}

// Headers that belong to one response or are recomputed by compression.
const PER_RESPONSE = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "set-cookie",
  "x-page-cache",
  "date",
  "etag",
  "vary",
  "transfer-encoding",
]);

function storedHeaders(headers: Record<string, unknown>): [string, string][] {
  return Object.entries(headers)
    .filter(([name, value]) => value !== undefined && !PER_RESPONSE.has(name.toLowerCase()))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]);
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk));
}
