import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger.server";
import { accessLog } from "./access-log";
import { PageCache } from "./page-cache";
import { rawRequest } from "../tests/helpers/raw-http";
import { compressResponses } from "./compression";
import {
  answerFromPageCache,
  pageCacheMiddleware,
  preferredEncoding,
} from "./page-cache-middleware";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Locked out? Call us.</p>".repeat(300)}</body></html>`;

/**
 * The production shape (server/main.ts): the request's id and its access log line, cache hits
 * answered ahead of Express, then compression and the middleware in front of routes that
 * write like React Router's adapter (status and headers, then the body streamed in chunks).
 */
describe("page cache over HTTP", () => {
  const cache = new PageCache();
  const renders = new Map<string, number>();
  const accessLines: Record<string, unknown>[] = [];
  const accessLogger = createLogger("info", {
    write: (line: string) => void accessLines.push(JSON.parse(line)),
  });
  let base = "";
  let server: http.Server;

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.use(pageCacheMiddleware(cache));
    const page =
      (status: number, headers: Record<string, string>, delayMs = 0): express.RequestHandler =>
      async (req, res) => {
        renders.set(req.originalUrl, (renders.get(req.originalUrl) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        res.status(status);
        for (const [name, value] of Object.entries(headers)) res.append(name, value);
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < PAGE.length; at += 1000) {
              controller.enqueue(encoder.encode(PAGE.slice(at, at + 1000)));
            }
            controller.close();
          },
        });
        await writeReadableStreamToWritable(body, res);
      };
    const html = { "Content-Type": "text/html; charset=utf-8" };
    const publicPage = { ...html, "Cache-Control": "public, max-age=0, must-revalidate" };
    app.get("/page", page(200, publicPage));
    app.get("/slow", page(200, publicPage, 100));
    app.get("/private", page(200, { ...html, "Cache-Control": "private, no-store" }));
    app.get("/missing", page(404, publicPage));
    app.get("/cookie", page(200, { ...publicPage, "Set-Cookie": "a=b" }));
    app.get("/admin/page", page(200, publicPage));
    app.post("/page", page(200, publicPage));
    const logRequest = accessLog(accessLogger);
    server = http.createServer((req, res) => {
      logRequest(req, res);
      if (answerFromPageCache(cache, req, res)) return;
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    cache.clear();
    renders.clear();
  });

  const send = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    rawRequest(`${base}${path}`, { method, headers });

  it("answers the first request and every later one with the same bytes and ETag", async () => {
    const first = await send("/page", { "Accept-Encoding": "br" });
    const second = await send("/page", { "Accept-Encoding": "br" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(second.body).toString()).toBe(PAGE);
    expect(second.headers.vary).toBe("Accept-Encoding");
    expect(second.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(Number(second.headers["content-length"])).toBe(second.body.length);
    expect(second.headers["x-request-id"]).toBeTruthy();
    expect(renders.get("/page")).toBe(1);
  });

  it("sends the encoding the client prefers, each with its own ETag", async () => {
    await send("/page");
    const br = await send("/page", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await send("/page", { "Accept-Encoding": "br;q=0, gzip" });
    const identity = await send("/page", {});
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(PAGE);
    expect(identity.body.toString()).toBe(PAGE);
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(3);
  });

  it("answers a matching If-None-Match with 304 and no body, in any encoding", async () => {
    const page = await send("/page", { "Accept-Encoding": "gzip" });
    const etag = String(page.headers.etag);
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const revalidated = await send("/page", {
        "Accept-Encoding": "gzip",
        "If-None-Match": condition,
      });
      expect(revalidated.status, condition).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe(page.headers["cache-control"]);
      expect(revalidated.headers.vary).toBe("Accept-Encoding");
    }
    const changed = await send("/page", { "Accept-Encoding": "gzip", "If-None-Match": '"old"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(page.body)).toBe(true);
  });

  it("answers HEAD with the GET's headers and no body, and never keeps a HEAD's", async () => {
    const head = await send("/page", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(cache.size).toBe(0);
    const get = await send("/page", { "Accept-Encoding": "br" });
    expect(zlib.brotliDecompressSync(get.body).toString()).toBe(PAGE);
    const cachedHead = await send("/page", { "Accept-Encoding": "br" }, "HEAD");
    expect(cachedHead.headers["x-page-cache"]).toBe("hit");
    expect(cachedHead.body.length).toBe(0);
    expect(cachedHead.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(cachedHead.headers.etag).toBe(get.headers.etag);
  });

  it.each([
    ["a private page", "/private"],
    ["a 404", "/missing"],
    ["a page that sets a cookie", "/cookie"],
    ["the back office", "/admin/page"],
  ])("never keeps %s", async (_what, path) => {
    const first = await send(path, { "Accept-Encoding": "gzip" });
    const second = await send(path, { "Accept-Encoding": "gzip" });
    expect(second.headers["x-page-cache"]).toBeUndefined();
    expect(second.headers.etag).toBeUndefined();
    expect(zlib.gunzipSync(first.body).toString()).toBe(PAGE);
    expect(renders.get(path)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("never answers a POST from the cache", async () => {
    await send("/page");
    const posted = await send("/page", {}, "POST");
    expect(posted.headers["x-page-cache"]).toBeUndefined();
    expect(renders.get("/page")).toBe(2);
  });

  it("renders a page once for requests that arrive while it renders", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send("/slow", { "Accept-Encoding": "br" })),
    );
    expect(renders.get("/slow")).toBe(1);
    for (const answer of answers) expect(answer.body.equals(answers[0]!.body)).toBe(true);
    expect(answers.filter((answer) => answer.headers["x-page-cache"] === "miss")).toHaveLength(1);
  });

  it("does not keep a page that was rendering when the cache was dropped", async () => {
    const pending = send("/slow");
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.clear();
    const answer = await pending;
    expect(answer.body.toString()).toBe(PAGE);
    expect(cache.size).toBe(0);
  });

  it("writes one access line for a page rendered and one for a cache hit, with the id sent back", async () => {
    const first = await send("/page?utm_source=mail", { "Accept-Encoding": "gzip" });
    const hit = await send("/page?utm_source=mail", { "Accept-Encoding": "gzip" });
    const given = await send("/page?utm_source=mail", { "X-Request-Id": "proxy-id-12345678" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(given.headers["x-request-id"]).toBe("proxy-id-12345678");
    for (const answer of [first, hit, given]) {
      const reqId = String(answer.headers["x-request-id"]);
      await expect.poll(() => accessLines.filter((line) => line.reqId === reqId)).toHaveLength(1);
      expect(accessLines.find((line) => line.reqId === reqId)).toMatchObject({
        msg: "request",
        method: "GET",
        path: "/page",
        status: 200,
        ms: expect.any(Number),
        bytes: expect.any(Number),
      });
    }
    expect(new Set([first, hit, given].map((a) => a.headers["x-request-id"])).size).toBe(3);
  });

  it("keys by the whole URL, query included", async () => {
    await send("/page?a=1");
    expect((await send("/page?a=1")).headers["x-page-cache"]).toBe("hit");
    expect((await send("/page?a=2")).headers["x-page-cache"]).toBe("miss");
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["deflate", "identity"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["GZIP;Q=1", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
