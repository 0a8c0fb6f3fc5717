import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/helpers/raw-http";
import { compressResponses } from "./compression";
import { serveStaticFiles } from "./static-files";
import { listenLocally } from "../tests/helpers/listen-locally";

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;

describe("serveStaticFiles", () => {
  let base = "";
  let close = () => {};
  const client = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-static-"));
  // What the build writes (vite.config.ts): each file, its brotli copy and its gzip copy.
  const brotli = zlib.brotliCompressSync(SCRIPT);
  const gzip = zlib.gzipSync(SCRIPT, { level: 9 });

  beforeAll(async () => {
    fs.mkdirSync(path.join(client, "assets"));
    for (const [name, bytes] of [
      ["assets/app-1234.js", SCRIPT],
      ["assets/app-1234.js.br", brotli],
      ["assets/app-1234.js.gz", gzip],
      ["robots.txt", "User-agent: *\n"],
    ] as const) {
      fs.writeFileSync(path.join(client, name), bytes);
    }
    const app = express();
    // As http/main.ts: the compression middleware first, the files after it.
    app.use(compressResponses());
    serveStaticFiles(app, client);
    ({ base, close } = await listenLocally(app));
  });
  afterAll(() => {
    close();
    fs.rmSync(client, { recursive: true, force: true });
  });

  it("sends a browser the build's brotli copy as it is, never compressed again", async () => {
    const answer = await rawRequest(`${base}/assets/app-1234.js`, {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.equals(brotli)).toBe(true);
  });

  it("sends the gzip copy to a client without brotli, and the file itself to one without either", async () => {
    const gzipped = await rawRequest(`${base}/assets/app-1234.js`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body.equals(gzip)).toBe(true);

    const plain = await rawRequest(`${base}/assets/app-1234.js`, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(SCRIPT);
  });

  it("sends a file without copies as it is, cached for an hour outside /assets", async () => {
    const answer = await rawRequest(`${base}/robots.txt`, { headers: { "Accept-Encoding": "br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(answer.body.toString("utf8")).toBe("User-agent: *\n");
  });

  it("answers a missing file with the app's 404, not a folder listing", async () => {
    const answer = await rawRequest(`${base}/assets/`, { headers: { "Accept-Encoding": "br" } });
    expect(answer.status).toBe(404);
  });
});
