/**
 * One load recorded as a Chromium performance trace (BENCH_HYDRATION_TRACE=<dir>), to find
 * where the time to hydrated goes: the document and each script on the wire, the main
 * thread's tasks (HTML parsing, layout, module evaluation, React's hydration) and V8's CPU
 * samples. Open the file in Chrome's DevTools (Performance, "Load profile").
 */
import type { Browser, Page } from "@playwright/test";
import { ms } from "./util";

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];

/** Loads with `load` while tracing to `file`; prints the document's own timing beside it. */
export async function traceLoad(
  browser: Browser,
  page: Page,
  file: string,
  load: () => Promise<number>,
): Promise<number> {
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  const hydrated = await load();
  const html = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      firstByteMs: Math.round(entry!.responseStart),
      lastByteMs: Math.round(entry!.responseEnd),
      sentBytes: entry!.encodedBodySize,
      bytes: entry!.decodedBodySize,
      domInteractiveMs: Math.round(entry!.domInteractive),
    };
  });
  await browser.stopTracing();
  console.log(`[trace] ${file}: hydrated at ${ms(hydrated)} ms; document ${JSON.stringify(html)}`);
  return hydrated;
}
