/**
 * Lighthouse with its default (mobile, simulated throttling) config against the system
 * Chromium, several runs per page because single scores wobble; the median is judged.
 */
import fs from "node:fs";
import path from "node:path";
import type { Result } from "lighthouse";
import { budgets, check, lighthouseCategories, type LighthouseCategory } from "./budgets";
import { SetupError } from "./serve";
import { CHROMIUM_FLAGS, FULL_CHROMIUM } from "../chromium";
import { get, heading, isStopping, median, ms, onCleanup, table } from "./util";

const METRIC_SHORT: Record<string, string> = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
};

const SHORT: Record<LighthouseCategory, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best-pr",
  seo: "seo",
};

/** How many failing audits to list per page and category. */
const TOP_AUDITS = 8;

interface FailingAudit {
  id: string;
  title: string;
  displayValue: string;
  /** A few of the offending items (element, URL, console message) from the last failing run. */
  items: string[];
  score: number | null;
  weight: number;
  runs: number;
}

export interface LighthouseOptions {
  /** The categories judged: all four, or fewer for a page that is not for search engines. */
  categories?: readonly LighthouseCategory[];
  /** Minimum median score per category (0-100); the public budgets when not given. */
  scoreBudgets?: Partial<Record<LighthouseCategory, number>>;
  /** Maximum median of a metric audit (its numericValue, ms), e.g. total-blocking-time. */
  metricBudgets?: Record<string, number>;
  /** Sent with every request of the run (e.g. the back office's session cookie). */
  extraHeaders?: Record<string, string>;
  /** Names the pages in the heading and the checks ("public" when not given). */
  label?: string;
}

/**
 * High-priority scripts (module preloads) that finished before the first paint of the
 * unthrottled load Lighthouse observes. Its simulation counts each as blocking that paint, so
 * the simulated FCP is ~0.9 s when none did and ~2.5-3 s when most did: a race in the
 * observed load, not a change in the page (decision 0078's amendment).
 */
function scriptsBeforeObservedPaint(lhr: Result): number {
  const observed = (lhr.audits["metrics"]?.details as { items?: Record<string, number>[] })
    ?.items?.[0]?.["observedFirstContentfulPaint"];
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })?.items;
  if (observed === undefined || !requests) return Number.NaN;
  return requests.filter(
    (request) =>
      request.resourceType === "Script" &&
      (request.priority === "High" || request.priority === "VeryHigh") &&
      request.networkEndTime <= observed,
  ).length;
}

interface NetworkRequest {
  resourceType?: string;
  priority?: string;
  networkEndTime: number;
}

export async function measureLighthouse(
  origin: string,
  paths: string[],
  runs: number,
  options: LighthouseOptions = {},
) {
  const {
    categories = lighthouseCategories,
    scoreBudgets = budgets.lighthouse,
    metricBudgets = {},
    extraHeaders,
  } = options;
  heading(
    `Lighthouse${options.label ? ` (${options.label})` : ""}: mobile (default config), ${runs} run(s) per page, median judged`,
  );

  // chrome-launcher comes with lighthouse, not as our own dependency: check it resolves
  // before anything else so a broken install says so plainly.
  try {
    import.meta.resolve("chrome-launcher");
    import.meta.resolve("lighthouse");
  } catch {
    throw new SetupError(
      "lighthouse or chrome-launcher is not resolvable from node_modules; run `npm ci`.",
    );
  }
  const chromePath = FULL_CHROMIUM;
  if (!fs.existsSync(chromePath)) {
    throw new SetupError(
      `No Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
  }
  const { default: lighthouse, generateReport } = await import("lighthouse");
  const { Launcher } = await import("chrome-launcher");
  const reportDir = process.env.BENCH_LH_REPORTS;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

  const summaryRows: (string | number)[][] = [];
  const failures: {
    path: string;
    category: LighthouseCategory;
    note: string;
    audits: FailingAudit[];
  }[] = [];

  /** One run in a fresh browser: no HTTP cache, service worker or profile carried over. */
  async function runLighthouse(
    url: string,
    pagePath: string,
    run: number,
  ): Promise<Result | undefined> {
    // Launcher rather than launch(): its kill() is registered before Chromium starts, so a
    // Ctrl+C during start-up does not leave a browser behind.
    const chrome = new Launcher({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
    let killed = false;
    const kill = () => {
      if (!killed) chrome.kill();
      killed = true;
    };
    onCleanup(kill);
    try {
      await chrome.launch();
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...categories],
        extraHeaders,
      });
      return result?.lhr;
    } catch (error) {
      console.log(`  ${pagePath} run ${run}: Lighthouse failed: ${(error as Error).message}`);
      return undefined;
    } finally {
      kill();
    }
  }

  for (const pagePath of paths) {
    const url = origin + pagePath;
    // Warm the page cache so every run sees what a visitor sees, not the first render.
    await get(url, extraHeaders);
    const metrics = new Map<string, number[]>(Object.keys(metricBudgets).map((id) => [id, []]));
    const scores = new Map<LighthouseCategory, number[]>(
      categories.map((category) => [category, []]),
    );
    const results: Result[] = [];

    for (let run = 1; run <= runs; run++) {
      if (isStopping()) return;
      const started = Date.now();
      let lhr = await runLighthouse(url, pagePath, run);
      // NO_NAVSTART and the like: Lighthouse could not record the trace, which says
      // nothing about the page (it happens in about one run in fifteen here). Such a run is
      // made again, twice at most; a third failure counts.
      for (let retry = 1; retry <= 2 && lhr?.runtimeError; retry++) {
        console.log(
          `  ${pagePath} run ${run}: Lighthouse runtime error ${lhr.runtimeError.code}; running it again`,
        );
        lhr = await runLighthouse(url, pagePath, run);
      }
      if (!lhr) {
        for (const category of categories) scores.get(category)!.push(Number.NaN);
        for (const values of metrics.values()) values.push(Number.NaN);
        continue;
      }
      for (const [id, values] of metrics) values.push(lhr.audits[id]?.numericValue ?? Number.NaN);
      results.push(lhr);
      if (reportDir) {
        const name = `${pagePath.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "home"}-run${run}.html`;
        fs.writeFileSync(path.join(reportDir, name), generateReport(lhr, "html"));
        fs.writeFileSync(path.join(reportDir, name.replace(/html$/, "json")), JSON.stringify(lhr));
      }
      const line = categories.map((category) => {
        const score = lhr.categories[category]?.score;
        const value = score === null || score === undefined ? Number.NaN : Math.round(score * 100);
        scores.get(category)!.push(value);
        return `${SHORT[category]} ${Number.isNaN(value) ? "err" : String(value).padStart(3)}`;
      });
      const problems = [
        lhr.runtimeError
          ? `runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`
          : "",
        ...lhr.runWarnings,
      ].filter(Boolean);
      const metricLine = [
        ...[...metrics].map(([id, values]) => `${METRIC_SHORT[id] ?? id} ${ms(values.at(-1)!)}`),
        `early scripts ${scriptsBeforeObservedPaint(lhr)}`,
      ];
      console.log(
        `  ${pagePath.padEnd(36)} run ${run}/${runs}: ${[...line, ...metricLine].join("  ")}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      for (const problem of problems) console.log(`      warning: ${problem}`);
    }

    for (const category of categories) {
      const values = scores.get(category)!;
      // A crashed run counts as a failure, not as a missing sample.
      const medianScore = values.some(Number.isNaN) ? Number.NaN : median(values);
      const budget = scoreBudgets[category] ?? budgets.lighthouse[category];
      const ok = medianScore >= budget;
      summaryRows.push([
        pagePath,
        category,
        values.map((value) => (Number.isNaN(value) ? "err" : value)).join(" "),
        Number.isNaN(medianScore) ? "err" : medianScore,
        `${category === "performance" ? ">=" : "="} ${budget}`,
        ok ? "ok" : "FAIL",
      ]);
      check(
        "lighthouse",
        `${pagePath} ${category} ${category === "performance" ? ">=" : "="} ${budget}`,
        ok,
        `median ${Number.isNaN(medianScore) ? "n/a (a run failed)" : medianScore} (runs: ${values.join(", ")})`,
      );
      // A median that passes while a run fell short is still worth a look: list it too.
      const shortRuns = values.filter((value) => !(value >= budget)).length;
      if (shortRuns > 0) {
        failures.push({
          path: pagePath,
          category,
          note: ok
            ? `median ok, ${shortRuns} of ${values.length} run(s) below budget`
            : "below budget",
          audits: failingAudits(results, category),
        });
      }
    }
    for (const [id, values] of metrics) {
      const medianValue = values.some(Number.isNaN) ? Number.NaN : median(values);
      const limit = metricBudgets[id]!;
      const ok = medianValue < limit;
      summaryRows.push([
        pagePath,
        id,
        values.map((value) => (Number.isNaN(value) ? "err" : Math.round(value))).join(" "),
        Number.isNaN(medianValue) ? "err" : Math.round(medianValue),
        `< ${limit} ms`,
        ok ? "ok" : "FAIL",
      ]);
      check(
        "lighthouse",
        `${pagePath} ${id} < ${limit} ms`,
        ok,
        `median ${Number.isNaN(medianValue) ? "n/a (a run failed)" : `${Math.round(medianValue)} ms`} (runs: ${values.map(Math.round).join(", ")})`,
      );
    }
  }

  console.log();
  console.log(table(["page", "category", "runs", ">median", "budget", "result"], summaryRows));

  if (failures.length > 0) {
    console.log(
      `\n  Failing audits (top ${TOP_AUDITS} per page and category; runs = failed in how many runs):`,
    );
    for (const failure of failures) {
      console.log(`\n  ${failure.path}, ${failure.category} (${failure.note}):`);
      if (failure.audits.length === 0) {
        console.log("    (no individual audit below 1; the score comes from the metrics above)");
        continue;
      }
      console.log(
        table(
          ["audit id", "title", "value", ">score", ">weight", ">runs"],
          failure.audits.map((audit) => [
            audit.id,
            audit.title,
            audit.displayValue || "-",
            audit.score === null ? "error" : audit.score.toFixed(2),
            audit.weight,
            `${audit.runs}/${runs}`,
          ]),
        ).replace(/^/gm, "  "),
      );
      for (const audit of failure.audits.filter((a) => a.items.length > 0)) {
        console.log(`    ${audit.id}:`);
        for (const item of audit.items) console.log(`      - ${item}`);
      }
    }
  }
}

/**
 * The audits of one category that did not pass, across runs: weighted ones first (they
 * move the score), then the worst score. Manual, informative and not-applicable audits
 * do not count.
 */
function failingAudits(results: Result[], category: LighthouseCategory): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const lhr of results) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
      // Performance metrics in the green (>= 0.9) are not what holds the score back.
      const threshold = category === "performance" ? 0.9 : 1;
      const failed =
        audit.scoreDisplayMode === "error" || (audit.score !== null && audit.score < threshold);
      if (!failed) continue;
      const previous = byId.get(ref.id);
      byId.set(ref.id, {
        id: ref.id,
        title: audit.title,
        // The last failing run's value: they rarely differ much, and one value reads best.
        displayValue:
          audit.displayValue ?? (audit.errorMessage ? `error: ${audit.errorMessage}` : ""),
        score:
          previous && previous.score !== null && audit.score !== null
            ? Math.min(previous.score, audit.score)
            : audit.score,
        weight: ref.weight,
        runs: (previous?.runs ?? 0) + 1,
        items: detailItems(audit.details),
      });
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.weight - a.weight || (a.score ?? -1) - (b.score ?? -1) || b.runs - a.runs)
    .slice(0, TOP_AUDITS);
}

/** What the front-end engineer needs to find the problem: the element, URL or message. */
function detailItems(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  // "list" details (e.g. the LCP element) nest tables; flatten one level.
  const flat = items.flatMap((item) => {
    const nested = (item as { items?: unknown[] }).items;
    return Array.isArray(nested) ? nested : [item];
  });
  const described = flat.filter((raw) => {
    const item = raw as Record<string, unknown>;
    // Insights carry their generic advice as items too; that is not a finding.
    if (typeof item.description === "string" && item.description.includes("](https://"))
      return false;
    return item.node || item.url || item.description || item.sourceLocation;
  });
  return described.slice(0, 3).map((raw) => {
    const item = raw as Record<string, unknown>;
    const node = item.node as { snippet?: string; explanation?: string } | undefined;
    const location = item.sourceLocation as { url?: string } | undefined;
    const parts = [
      typeof item.source === "string" ? `[${item.source}]` : "",
      typeof item.description === "string" ? item.description : "",
      node?.snippet ?? "",
      node?.explanation ? `(${node.explanation.split("\n")[0]})` : "",
      typeof item.url === "string" ? item.url : (location?.url ?? ""),
      typeof item.wastedBytes === "number"
        ? `${(item.wastedBytes / 1024).toFixed(0)} KiB unused`
        : "",
    ].filter(Boolean);
    const text = parts.join(" ").replace(/\s+/g, " ");
    return text.length > 200 ? `${text.slice(0, 197)}...` : text || "(see the HTML report)";
  });
}
