/**
 * Small helpers shared by the benchmark parts: a raw HTTP GET with timings, aligned
 * tables, medians, and a cleanup list that also runs on Ctrl+C.
 */
import http from "node:http";
import { rawRequest, type RawAnswer } from "../../tests/helpers/raw-http";

// One keep-alive agent: timings then measure the server, not TCP connection setup.
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawRequest(url, { headers, agent });
}

export function closeHttpAgent(): void {
  agent.destroy();
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Vite's build report uses 1 kB = 1000 bytes; we match it so the numbers line up. */
export const KB = 1000;

export function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

export function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : "-";
}

/** Columns whose header starts with ">" are right-aligned (numbers). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const right = headers.map((header) => header.startsWith(">"));
  const titles = headers.map((header) => header.replace(/^>/, ""));
  const cells = rows.map((row) => row.map(String));
  const widths = titles.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    "  " +
    row
      .map((cell, column) =>
        right[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  return [line(titles), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join(
    "\n",
  );
}

export function heading(title: string): void {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 72 - title.length))}`);
}

// Cleanups run last-in first-out, once, on normal exit, on error and on Ctrl+C/SIGTERM,
// so a stopped benchmark never leaves a server, a browser or a temp directory behind.
const cleanups: (() => Promise<void> | void)[] = [];

export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error(`[bench] cleanup failed: ${(error as Error).message}`);
    }
  }
}

let stopping = false;

/** True once Ctrl+C or a fatal error started the cleanup: start nothing new. */
export function isStopping(): boolean {
  return stopping;
}

function stop(reason: string, exitCode: number): void {
  if (stopping) return;
  stopping = true;
  console.error(`\n[bench] ${reason}: stopping`);
  void runCleanups().finally(() => process.exit(exitCode));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => stop(signal, 130));
}

// Lighthouse and autocannon can reject promises nobody awaits (e.g. a protocol error when
// the browser is killed mid-run). Node would exit on the spot and leak the server and its
// temporary database; clean up first. While stopping, such echoes are expected noise.
for (const event of ["unhandledRejection", "uncaughtException"] as const) {
  process.on(event, (error: unknown) => {
    if (stopping) return;
    console.error(`\n[bench] ${event}:`, error);
    stop("unexpected error", 2);
  });
}
