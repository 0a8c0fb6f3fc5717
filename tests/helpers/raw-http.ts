import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed when the server compressed it). */
  body: Buffer;
  /** Request start to response headers. */
  ttfbMs: number;
  /** Request start to the last body byte. */
  totalMs: number;
}

/**
 * node:http instead of fetch: fetch decompresses and adds its own Accept-Encoding, and
 * tests of caching and compression want the bytes on the wire (and timings without
 * decoding work in them).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const msSince = () => Number(process.hrtime.bigint() - started) / 1e6;
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: options.agent },
      (response) => {
        const ttfbMs = msSince();
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ttfbMs,
            totalMs: msSince(),
          }),
        );
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on("error", reject);
    request.end();
  });
}
