/**
 * Time to hydrated on a phone, with real throttling (issue 48, decision 0058): Chromium at a
 * 4x CPU slowdown on a 150 ms RTT, 1.6 Mbps link (CDP, applied to the browser, not modelled),
 * the page's "hydrated" User Timing mark (app/components/hydrated-mark.ts), medians of `runs`.
 *
 *   cold  a fresh context: empty HTTP cache, no service worker
 *   warm  the same screen loaded once unthrottled before (HTTP cache and the office service
 *         worker's shell), then loaded again throttled
 *
 * The phone is Lighthouse's (phone.ts), user agent included, so the server sends it what it
 * sends a phone. BENCH_HYDRATION_RUNS (5), BENCH_HYDRATION_ONLY (a pattern of paths) and
 * BENCH_HYDRATION_TRACE (a directory: one traced cold and warm load per screen first,
 * hydration-trace.ts) help find where the time goes.
 */
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { budgets, check } from "./budgets";
import { CHROMIUM_FLAGS, HEADLESS_SHELL } from "../chromium";
import { traceLoad } from "./hydration-trace";
import { PHONE } from "./phone";
import { heading, median, ms, onCleanup, table } from "./util";

const CPU_SLOWDOWN = 4;
/** 150 ms round trip, 1.6 Mbps down, 750 kbps up: Lighthouse's "slow 4G", applied for real. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Runs one measured load (as it is, or recorded as a trace) and answers its figure. */
type Recorder = (page: Page, load: () => Promise<number>) => Promise<number>;

/** Loads `url` and answers when the page set its "hydrated" mark (ms from navigation). */
async function hydratedAt(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName("hydrated", "mark")[0]?.startTime,
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  return Number(await handle.jsonValue());
}

export async function measureHydration(
  origin: string,
  screens: string[],
  cookie: string,
  defaultRuns: number,
) {
  const runs = Number(process.env.BENCH_HYDRATION_RUNS ?? defaultRuns);
  const only = process.env.BENCH_HYDRATION_ONLY;
  const paths = only ? screens.filter((path) => new RegExp(only).test(path)) : screens;
  const traceDir = process.env.BENCH_HYDRATION_TRACE;
  heading(
    `Time to hydrated: Chromium at ${CPU_SLOWDOWN}x CPU, 150 ms RTT, 1.6 Mbps (CDP), median of ${runs}`,
  );
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_FLAGS });
  onCleanup(() => browser.close());
  const rows: string[][] = [];
  const phone = { ...PHONE, extraHTTPHeaders: { cookie } };

  async function coldLoad(url: string, record: Recorder = (_page, load) => load()) {
    const fresh = await browser.newContext({ ...phone, serviceWorkers: "block" });
    const page = await fresh.newPage();
    await throttle(fresh, page);
    const at = await record(page, () => hydratedAt(page, url));
    await fresh.close();
    return at;
  }

  async function warmLoad(url: string, record: Recorder = (_page, load) => load()) {
    const visited = await browser.newContext(phone);
    const first = await visited.newPage();
    await hydratedAt(first, url);
    // The service worker takes the shell once it is idle; give it that moment.
    await first.waitForTimeout(1500);
    await first.close();
    const again = await visited.newPage();
    await throttle(visited, again);
    const at = await record(again, () => hydratedAt(again, url));
    await visited.close();
    return at;
  }

  try {
    for (const path of paths) {
      if (traceDir) {
        const name = path
          .replace(/[0-9a-f-]{36}/, "id")
          .replace(/\W+/g, "-")
          .slice(1);
        const traced =
          (kind: string): Recorder =>
          (page, load) =>
            traceLoad(browser, page, `${traceDir}/${name}-${kind}.json`, load);
        await coldLoad(origin + path, traced("cold"));
        await warmLoad(origin + path, traced("warm"));
      }
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < runs; run++) {
        cold.push(await coldLoad(origin + path));
        warm.push(await warmLoad(origin + path));
      }
      const coldMedian = median(cold);
      const warmMedian = median(warm);
      rows.push([
        path.replace(/[0-9a-f-]{36}/, ":id"),
        `${ms(coldMedian)} ms`,
        `${ms(warmMedian)} ms`,
        cold.map((v) => ms(v)).join(", "),
        warm.map((v) => ms(v)).join(", "),
      ]);
      const limits = budgets.backOffice.hydratedMs;
      check(
        "lighthouse",
        `${path} hydrated cold <= ${limits.cold} ms`,
        coldMedian <= limits.cold,
        `median ${ms(coldMedian)} ms`,
      );
      check(
        "lighthouse",
        `${path} hydrated warm <= ${limits.warm} ms`,
        warmMedian <= limits.warm,
        `median ${ms(warmMedian)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  console.log(table(["screen", "cold", "warm", "cold runs", "warm runs"], rows));
}
