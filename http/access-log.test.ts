import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/helpers/raw-http";
import { createLogger, withRequestId } from "~/server/logger.server";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";
import { tokenRedactor } from "~/lib/security/token-paths";
import { accessLog, loggedPath } from "./access-log";

/** The route table's full paths, as the server build gives them to the log. */
function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [`/${joined}`, ...fullPaths(entry.children ?? [], joined)];
  });
}
const fromRoutes = tokenRedactor(fullPaths(routes));

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, write: (line: string) => void lines.push(JSON.parse(line)) };
}

describe("the access log", () => {
  const out = capture();
  const log = createLogger("info", out);
  let base = "";
  let server: http.Server;
  let id = 0;

  const logRequest = accessLog(log, fromRoutes);

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.headers["x-request-id"] = `req-test-${++id}`;
      logRequest(req, res);
      if (req.url?.startsWith("/cut")) {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("partial");
        setTimeout(() => res.destroy(), 20);
        return;
      }
      const body = "Your job: 12 Main St.";
      res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, {
        "Content-Type": "text/plain",
        "Content-Length": String(body.length),
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  /** The access lines written so far for `reqId`, once the first is there. */
  async function linesOf(reqId: string) {
    await expect.poll(() => out.lines.some((line) => line.reqId === reqId)).toBe(true);
    // Time for a second line, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return out.lines.filter((line) => line.reqId === reqId);
  }

  it("writes one line per request: id, method, path without its token or query, status, ms, bytes", async () => {
    const answer = await rawRequest(
      `${base}/j/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5?utm_source=sms&token=s3cr3t`,
    );
    expect(answer.status).toBe(200);
    const lines = await linesOf(`req-test-${id}`);
    expect(lines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        reqId: `req-test-${id}`,
        method: "GET",
        path: "/j/:token",
        status: 200,
        ms: expect.any(Number),
        // Headers and the 21-byte body.
        bytes: expect.any(Number),
        msg: "request",
      },
    ]);
    expect(lines[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(lines[0]!.bytes).toBeGreaterThan(21);
    const written = JSON.stringify(lines);
    expect(written).not.toContain("Zm9vYmFy");
    expect(written).not.toContain("s3cr3t");
  });

  it("logs a HEAD, a 404 and a request the server cut off, once each", async () => {
    await rawRequest(`${base}/review/abc123`, { method: "HEAD" });
    expect(await linesOf(`req-test-${id}`)).toMatchObject([
      { method: "HEAD", path: "/review/:token", status: 200 },
    ]);
    await rawRequest(`${base}/missing/page`);
    expect(await linesOf(`req-test-${id}`)).toMatchObject([
      { method: "GET", path: "/missing/page", status: 404 },
    ]);
    await rawRequest(`${base}/cut`).catch(() => undefined);
    expect(await linesOf(`req-test-${id}`)).toMatchObject([
      { path: "/cut", status: 200, aborted: true },
    ]);
  });

  it("keeps a proxy's request id when it looks like one, and gives a new one otherwise", async () => {
    const lines = capture();
    const logRequest = accessLog(createLogger("info", lines));
    const seen: (string | undefined)[] = [];
    const ids = http.createServer((req, res) => {
      logRequest(req, res);
      seen.push(req.headers["x-request-id"] as string | undefined);
      res.end("ok");
    });
    await new Promise<void>((resolve) => ids.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(ids.address() as AddressInfo).port}/`;
      await rawRequest(url, { headers: { "X-Request-Id": "edge-4f9a-2231" } });
      await rawRequest(url, { headers: { "X-Request-Id": "not an id; drop table" } });
      await expect.poll(() => lines.lines.length).toBe(2);
      expect(seen[0]).toBe("edge-4f9a-2231");
      expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.lines.map((line) => line.reqId)).toEqual(seen);
    } finally {
      ids.close();
    }
  });

  it("names the request's id once on the line, inside the request's log scope too", async () => {
    const raw: string[] = [];
    const logRequest = accessLog(
      createLogger("info", { write: (line: string) => void raw.push(line) }),
    );
    const scoped = http.createServer((req, res) => {
      logRequest(req, res);
      withRequestId(String(req.headers["x-request-id"]), () => res.end("ok"));
    });
    await new Promise<void>((resolve) => scoped.listen(0, "127.0.0.1", resolve));
    try {
      await rawRequest(`http://127.0.0.1:${(scoped.address() as AddressInfo).port}/`, {
        headers: { "X-Request-Id": "edge-7c1d-0042" },
      });
      await expect.poll(() => raw.length).toBe(1);
      expect(raw[0]!.match(/"reqId"/g)).toHaveLength(1);
    } finally {
      scoped.close();
    }
  });

  it("writes nothing below info (tests run with LOG_LEVEL=silent)", async () => {
    const quiet = capture();
    const logSilently = accessLog(createLogger("silent", quiet));
    const silent = http.createServer((req, res) => {
      logSilently(req, res);
      res.end("ok");
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      await rawRequest(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(quiet.lines).toEqual([]);
    } finally {
      silent.close();
    }
  });

  it.each([
    ["/j/abcDEF123", "/j/:token"],
    ["/j/abcDEF123.data", "/j/:token.data"],
    ["/J/abcDEF123", "/J/:token"],
    ["//j//abcDEF123", "//j//:token"],
    ["/review/abcDEF123?x=1", "/review/:token"],
    ["/review/thanks", "/review/thanks"],
    ["/review/thanks.data", "/review/thanks.data"],
    ["/auth/reset/abcDEF123", "/auth/reset/:token"],
    ["/auth/reset/abcDEF123.data?_routes=x", "/auth/reset/:token.data"],
    ["/api/auth/reset-password/abcDEF123?callbackURL=/auth", "/api/auth/reset-password/:token"],
    ["http://evil.example/j/abcDEF123", "/j/:token"],
    ["/auth?redirectTo=/admin", "/auth"],
    ["/admin/leads/9c1e", "/admin/leads/9c1e"],
    ["/service-areas/joliet-locksmith", "/service-areas/joliet-locksmith"],
    // Every link of the table that carries a token (issue 47: /t/ and /l/ were kept whole).
    ["/t/abcDEF123", "/t/:token"],
    ["/t/abcDEF123/receipt", "/t/:token/receipt"],
    ["/t/abcDEF123/receipt.pdf", "/t/:token/receipt.pdf"],
    ["/l/abcDEF123.data", "/l/:token.data"],
    ["/T/abcDEF123/nothing/here", "/T/:token/nothing/here"],
    ["/%74/abcDEF123", "/%74/:token"],
    ["/t/abc%44EF123", "/t/:token"],
    // A long random word with both cases is a secret wherever it is.
    ["/no-such/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2Fy", "/no-such/:token"],
    [
      "/admin/leads/9c1e2f5a-8f0b-4c3e-9a57-1d2b3c4d5e6f",
      "/admin/leads/9c1e2f5a-8f0b-4c3e-9a57-1d2b3c4d5e6f",
    ],
  ])("keeps %s as %s", (url, path) => {
    expect(loggedPath(url, fromRoutes)).toBe(path);
  });
});
