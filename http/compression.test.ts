import crypto from "node:crypto";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses } from "./compression";
import { listenLocally } from "../tests/helpers/listen-locally";

/** 4 MB that brotli cannot shrink, in 64 kB chunks: the compressor backs up again and again. */
const CHUNKS = Array.from({ length: 64 }, () => crypto.randomBytes(65_536).toString("base64"));

describe("compressResponses", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get("/big", async (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of CHUNKS) controller.enqueue(encoder.encode(chunk));
          controller.close();
        },
      });
      // What React Router's adapter does with a page: write, flush, wait for 'drain'.
      await writeReadableStreamToWritable(body, res);
    });
    ({ base, close } = await listenLocally(app));
  });
  afterAll(() => close());

  it("compresses a streamed page whole, leaving no 'drain' listeners behind", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      for (const encoding of ["br", "gzip"]) {
        const response = await fetch(`${base}/big`, { headers: { "Accept-Encoding": encoding } });
        expect(response.headers.get("Content-Encoding")).toBe(encoding);
        // fetch decodes it: every byte arrives, in order.
        expect(await response.text()).toBe(CHUNKS.join(""));
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });
});
