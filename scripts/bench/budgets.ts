/**
 * The budgets, in one place, and the pass/fail list every part adds to. A budget that
 * cannot be measured (a crashed Lighthouse run, an unreachable page) counts as failed:
 * a green summary must mean "measured and within budget".
 */

export const budgets = {
  /** JavaScript a public page loads, all scripts together, as sent (brotli, decision 0067), in kB (1 kB = 1000 bytes, as Vite reports). */
  jsKbSentPerPage: 20,
  /** Lighthouse category scores, 0-100, median of the runs. */
  lighthouse: {
    performance: 100,
    accessibility: 100,
    "best-practices": 100,
    seo: 100,
  },
  /** The back office on a phone (issue 32), signed in, first visit. */
  backOffice: {
    /** JavaScript a back-office screen loads on a first visit, as sent (brotli), kB. */
    jsKbSentPerPage: 150,
    lighthouse: { performance: 95, accessibility: 100, "best-practices": 100 },
    /** Lighthouse metric medians, strictly below (ms). */
    metricsMs: { "total-blocking-time": 200, "first-contentful-paint": 1500 },
    /** A tap on the lead page's Dispatch (open, then send) to the next paint, at 4x CPU slowdown. */
    tapToPaintMs: 100,
    /** Time to the "hydrated" mark at 4x CPU, 150 ms RTT, 1.6 Mbps (CDP), medians (issue 48). */
    hydratedMs: { cold: 2500, warm: 1200 },
  },
  /** Cache hits: the app's requests/s over a plain node:http server's with the same bytes. */
  throughputRatio: 0.6,
} as const;

export type LighthouseCategory = keyof typeof budgets.lighthouse;
export const lighthouseCategories = Object.keys(budgets.lighthouse) as LighthouseCategory[];

export interface Check {
  part: "load" | "bytes" | "lighthouse" | "money" | "flood" | "escalation";
  name: string;
  ok: boolean;
  detail: string;
}

export const checks: Check[] = [];

export function check(part: Check["part"], name: string, ok: boolean, detail: string): void {
  checks.push({ part, name, ok, detail });
}
