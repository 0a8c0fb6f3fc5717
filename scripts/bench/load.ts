/**
 * Warm-cache throughput and latency with autocannon: the realistic case, since every
 * public page is served from memory after its first request.
 */
import autocannon from "autocannon";
import { check } from "./budgets";
import { get, heading, table } from "./util";

export const LOAD_CONNECTIONS = 10;

export async function measureLoad(origin: string, paths: string[], durationSeconds: number) {
  heading(
    `Load: warm page cache, ${LOAD_CONNECTIONS} connections, ${durationSeconds} s per page, Accept-Encoding: gzip`,
  );
  console.log(
    "  (autocannon shares this 2-core machine with the server, so these are lower bounds)",
  );
  const rows: (string | number)[][] = [];
  for (const path of paths) {
    const url = origin + path;
    // Prime the cache so the whole run measures hits, not one render plus hits.
    const primed = await get(url, { "Accept-Encoding": "gzip" });
    if (primed.status !== 200) {
      check("load", `${path} answers 200`, false, `HTTP ${primed.status}`);
      rows.push([path, "-", "-", "-", "-", "-", `HTTP ${primed.status}, skipped`]);
      continue;
    }
    const result = await autocannon({
      url,
      connections: LOAD_CONNECTIONS,
      duration: durationSeconds,
      headers: { "accept-encoding": "gzip" },
    });
    const after = await get(url, { "Accept-Encoding": "gzip" });
    const cache = String(after.headers["x-page-cache"] ?? "-");
    const failures = result.non2xx + result.errors + result.timeouts;
    // Not a budget, but a run with failed requests or cache misses measured something else.
    check(
      "load",
      `${path}: every response 2xx, served from the page cache`,
      failures === 0 && cache === "hit",
      `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, X-Page-Cache after run: ${cache}`,
    );
    rows.push([
      path,
      result.requests.average.toFixed(0),
      result.latency.p50.toFixed(1),
      result.latency.p99.toFixed(1),
      result.non2xx,
      result.errors + result.timeouts,
      `${result["2xx"]} ok, ${(result.throughput.average / 1e6).toFixed(1)} MB/s, cache ${cache}`,
    ]);
  }
  console.log(
    table(["page", ">req/s", ">p50 ms", ">p99 ms", ">non-2xx", ">errors", "notes"], rows),
  );
}
