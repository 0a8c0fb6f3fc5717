/**
 * Server time without the page cache. The cache key is the URL, so the only honest way to
 * render a page again is a page not asked for yet: a varying query string would fill the
 * cache with junk entries and measure a path real visitors never take. We therefore time
 * the first request (X-Page-Cache: miss) of a handful of distinct pages on a fresh server,
 * then a few cache hits of the same page for comparison.
 */
import { check } from "./budgets";
import { get, heading, median, ms, table } from "./util";

const HIT_SAMPLES = 5;

export async function measureRender(origin: string, paths: string[], warmupPath: string) {
  heading("Render: first hit (cache miss) vs cache hit, one request at a time");

  // The process's very first render also pays for lazy module loading and a cold JIT;
  // it is shown on its own line so it does not inflate the per-page figures.
  const warmup = await get(origin + warmupPath, { "Accept-Encoding": "gzip" });

  const rows: (string | number)[][] = [
    [
      `${warmupPath} (process's first render)`,
      String(warmup.headers["x-page-cache"] ?? "-"),
      ms(warmup.ttfbMs),
      ms(warmup.totalMs),
      "",
      "",
    ],
  ];
  const missTimes: number[] = [];
  for (const path of paths) {
    const miss = await get(origin + path, { "Accept-Encoding": "gzip" });
    const cacheState = String(miss.headers["x-page-cache"] ?? "-");
    const hits: number[] = [];
    for (let i = 0; i < HIT_SAMPLES; i++) {
      hits.push((await get(origin + path, { "Accept-Encoding": "gzip" })).totalMs);
    }
    if (miss.status !== 200 || cacheState !== "miss") {
      check(
        "load",
        `first hit of ${path} renders`,
        false,
        `status ${miss.status}, X-Page-Cache: ${cacheState}`,
      );
    }
    missTimes.push(miss.totalMs);
    rows.push([
      path,
      miss.status === 200 ? cacheState : `${cacheState} (HTTP ${miss.status})`,
      ms(miss.ttfbMs),
      ms(miss.totalMs),
      ms(median(hits)),
      (miss.totalMs / median(hits)).toFixed(0) + "x",
    ]);
  }
  console.log(
    table(
      [
        "page",
        "first hit",
        ">miss TTFB ms",
        ">miss total ms",
        `>hit ms (median of ${HIT_SAMPLES})`,
        ">miss/hit",
      ],
      rows,
    ),
  );
  console.log(
    `  median first-hit (miss) time over ${paths.length} pages: ${ms(median(missTimes))} ms`,
  );
}
