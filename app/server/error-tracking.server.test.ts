import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactPathsInLogs } from "./logger.server";
import { reportServerError, startErrorTracking } from "./error-tracking.server";

/** A local stand-in for Sentry's ingest endpoint: the envelopes the SDK posts, as text. */
function fakeIngest() {
  const envelopes: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const gzipped = req.headers["content-encoding"] === "gzip";
      envelopes.push({
        path: req.url ?? "",
        body: (gzipped ? gunzipSync(raw) : raw).toString("utf8"),
      });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return { envelopes, server };
}

describe("error tracking", () => {
  const ingest = fakeIngest();
  let dsn = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => ingest.server.listen(0, "127.0.0.1", resolve));
    dsn = `http://publickey@127.0.0.1:${(ingest.server.address() as AddressInfo).port}/42`;
  });
  afterAll(() => ingest.server.close());

  it("sends nothing and loads no SDK when no DSN is set", async () => {
    expect(startErrorTracking(null)).toBeNull();
    await reportServerError(new Error("not sent"), { path: "/admin" }, null);
    expect(ingest.envelopes).toEqual([]);
  });

  it("reports a server error to the DSN's project, its path's link token redacted", async () => {
    redactPathsInLogs((path) => path.replace(/^\/t\/[^/]+/, "/t/:token"));
    await reportServerError(
      new Error("Leads list failed: relation missing"),
      { path: "/t/Zm9vYmFyYmF6cXV4/receipt" },
      dsn,
    );
    const sentry = await startErrorTracking(dsn)!;
    await sentry.flush(5_000);
    expect(ingest.envelopes).toHaveLength(1);
    const [envelope] = ingest.envelopes;
    expect(envelope!.path).toMatch(/^\/api\/42\/envelope\/\?/);
    expect(envelope!.body).toContain("Leads list failed: relation missing");
    expect(envelope!.body).toContain("/t/:token/receipt");
    expect(envelope!.body).not.toContain("Zm9vYmFyYmF6cXV4");
  });
});
