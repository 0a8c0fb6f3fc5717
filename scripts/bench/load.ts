/**
 * Cache hits, the realistic case: every public page is served from memory after its first
 * request. Per page, first the fixed-bytes checks (the same bytes and ETag twice, 304 with
 * no body on a matching If-None-Match), then autocannon against the app and, in the same
 * run, against a plain node:http server sending the very same bytes from memory
 * (reference-server.ts): the ratio between the two is the budget.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { budgets, check } from "./budgets";
import { root } from "./serve";
import { get, heading, onCleanup, table } from "./util";

export const LOAD_CONNECTIONS = 32;
const ENCODINGS = ["gzip", "br"] as const;
type Encoding = (typeof ENCODINGS)[number];

// Headers Node writes itself on every response, for the app and the reference alike.
const NODE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

interface Captured {
  headers: string[];
  body: string;
}

export async function measureLoad(origin: string, paths: string[], durationSeconds: number) {
  heading(
    `Load: cache hits, ${LOAD_CONNECTIONS} connections, ${durationSeconds} s per run, app vs plain node:http with the same bytes`,
  );
  console.log(
    "  (autocannon shares this machine with both servers; the ratio is the figure, not the req/s)",
  );

  const responses: Record<string, Partial<Record<Encoding, Captured>>> = {};
  for (const pagePath of paths) {
    for (const encoding of ENCODINGS) {
      const captured = await fixedBytesChecks(origin, pagePath, encoding);
      if (captured) (responses[pagePath] ??= {})[encoding] = captured;
    }
  }

  const reference = await startReference(responses);
  const rows: (string | number)[][] = [];
  for (const pagePath of paths) {
    for (const encoding of ENCODINGS) {
      if (!responses[pagePath]?.[encoding]) continue;
      const headers = { "accept-encoding": encoding };
      const { app, plain } = await interleaved(
        origin + pagePath,
        reference.origin + pagePath,
        headers,
        durationSeconds,
      );
      const after = await get(origin + pagePath, headers);
      const cache = String(after.headers["x-page-cache"] ?? "-");
      const failures = app.non2xx + app.errors + app.timeouts;
      // Not a budget, but a run with failed requests or cache misses measured something else.
      check(
        "load",
        `${pagePath} ${encoding}: every response 2xx, from the page cache`,
        failures === 0 && plain.non2xx + plain.errors === 0 && cache === "hit",
        `${app.non2xx} non-2xx, ${app.errors} errors, ${app.timeouts} timeouts, X-Page-Cache after run: ${cache}`,
      );
      const ratio = app.requests.average / plain.requests.average;
      check(
        "load",
        `${pagePath} ${encoding}: req/s >= ${budgets.throughputRatio} x plain node:http`,
        ratio >= budgets.throughputRatio,
        `${app.requests.average.toFixed(0)} vs ${plain.requests.average.toFixed(0)} req/s: ${ratio.toFixed(2)}`,
      );
      rows.push([
        pagePath,
        encoding,
        app.requests.average.toFixed(0),
        app.latency.p50.toFixed(1),
        app.latency.p99.toFixed(1),
        plain.requests.average.toFixed(0),
        plain.latency.p99.toFixed(1),
        ratio.toFixed(2),
        `${(after.body.length / 1000).toFixed(1)} kB body, ${failures} failed`,
      ]);
    }
  }
  console.log(
    table(
      [
        "page",
        "enc",
        ">app req/s",
        ">p50 ms",
        ">p99 ms",
        ">node:http req/s",
        ">p99 ms",
        ">ratio",
        "notes",
      ],
      rows,
    ),
  );
}

type Run = Awaited<ReturnType<typeof autocannon>>;

interface Totals {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * The app and the reference take turns, in slices of half the duration each: the others on
 * this shared machine load it in bursts, and a burst should not fall on one side only.
 * Requests/s is averaged over each side's slices; latencies are the slowest slice's.
 */
async function interleaved(
  appUrl: string,
  plainUrl: string,
  headers: Record<string, string>,
  durationSeconds: number,
): Promise<{ app: Totals; plain: Totals }> {
  const slice = Math.max(1, durationSeconds / 2);
  const runs: { app: Run[]; plain: Run[] } = { app: [], plain: [] };
  for (let round = 0; round < 2; round++) {
    for (const side of round === 0 ? (["app", "plain"] as const) : (["plain", "app"] as const)) {
      runs[side].push(
        await autocannon({
          url: side === "app" ? appUrl : plainUrl,
          connections: LOAD_CONNECTIONS,
          duration: slice,
          headers,
        }),
      );
    }
  }
  const total = (results: Run[]): Totals => ({
    requests: {
      average: results.reduce((sum, result) => sum + result.requests.average, 0) / results.length,
    },
    latency: {
      p50: Math.max(...results.map((result) => result.latency.p50)),
      p99: Math.max(...results.map((result) => result.latency.p99)),
    },
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  });
  return { app: total(runs.app), plain: total(runs.plain) };
}

/**
 * The same page twice: identical bytes and ETag in the asked encoding; then the ETag back
 * in If-None-Match: 304 and no body. Returns the response as the reference will send it.
 */
async function fixedBytesChecks(
  origin: string,
  pagePath: string,
  encoding: Encoding,
): Promise<Captured | undefined> {
  const url = origin + pagePath;
  const headers = { "Accept-Encoding": encoding };
  const first = await get(url, headers);
  const second = await get(url, headers);
  if (first.status !== 200 || second.status !== 200) {
    check("load", `${pagePath} answers 200`, false, `HTTP ${first.status}, then ${second.status}`);
    return undefined;
  }
  const etag = String(second.headers.etag ?? "");
  check(
    "load",
    `${pagePath} ${encoding}: same bytes and ETag twice`,
    first.body.equals(second.body) &&
      etag !== "" &&
      etag === first.headers.etag &&
      second.headers["content-encoding"] === encoding,
    `${first.body.length} / ${second.body.length} bytes, ETag ${String(first.headers.etag)} / ${etag}, Content-Encoding ${String(second.headers["content-encoding"])}`,
  );
  const conditional = await get(url, { ...headers, "If-None-Match": etag });
  check(
    "load",
    `${pagePath} ${encoding}: If-None-Match gives 304, no body`,
    conditional.status === 304 && conditional.body.length === 0,
    `HTTP ${conditional.status}, ${conditional.body.length} bytes`,
  );
  const rawHeaders = Object.entries(second.headers).flatMap(([name, value]) =>
    NODE_HEADERS.has(name) || value === undefined
      ? []
      : [name, Array.isArray(value) ? value.join(", ") : value],
  );
  return { headers: rawHeaders, body: second.body.toString("base64") };
}

async function startReference(
  responses: Record<string, Partial<Record<Encoding, Captured>>>,
): Promise<{ origin: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-bench-ref-"));
  const file = path.join(dir, "responses.json");
  fs.writeFileSync(file, JSON.stringify(responses));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench/reference-server.ts"), file],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  onCleanup(() => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`reference server exited (code ${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = chunk.toString("utf8").match(/listening (\d+)/);
      if (match) resolve(Number(match[1]));
    });
  });
  return { origin: `http://127.0.0.1:${port}` };
}
