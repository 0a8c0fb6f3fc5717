/**
 * `npm run bench`: serves the production build (build it first with `npx react-router
 * build`) on a free loopback port with a temporary database and measures:
 *
 *   load        first-hit render time per page (no cache); the same bytes and ETag twice
 *               and 304 on revalidation; cache-hit req/s and p50/p99 latency with
 *               autocannon, against a plain node:http server with the same bytes (ratio)
 *   bytes       JS, CSS and HTML each public page ships, gzip; JS budget per page
 *   lighthouse  mobile Lighthouse, median of several runs, on every kind of public page;
 *               score budgets
 *   customer    the same on the customer's page (/t/:token, through a link the benchmark
 *               makes; SEO not judged: the page is noindex)
 *   admin       the back office on a phone, signed in as a throwaway owner on the demo data:
 *               JS per screen on a first visit, then Lighthouse mobile on the dashboard,
 *               Leads, a lead, Jobs, Payouts and Messages with TBT and FCP budgets, and the
 *               lead page's Dispatch tapped open and sent at a 4x CPU slowdown
 *   admin-bytes only the first part of admin: JS per back-office screen (seconds, not minutes)
 *   admin-every Lighthouse mobile on every back-office screen (22), to the same budgets; not
 *               in the default run (about 10 minutes)
 *   admin-hydration only admin's time to hydrated at 4x CPU, 150 ms RTT, 1.6 Mbps (CDP), cold and
 *               warm, medians of 5, on Leads, a lead, Jobs and Payouts (scripts/bench/hydration.ts)
 *   money       card money at 100,000 jobs (scripts/bench/money-views.ts, in a process of its
 *               own, no build or server): a job's money view and a month's reconciliation,
 *               p95 < 50 ms on PostgreSQL (BENCH_DATABASE_URL), < 100 ms on PGlite
 *   escalation  request → first human woken by the escalation ladder, offers on and off, on
 *               a simulated clock (scripts/bench/escalation.ts): p95 ≤ 2 minutes
 *   lsa-pull    Google Local Services, 1,000 leads pulled from the local fake of the Google Ads
 *               API into the demo data (scripts/bench/lsa-pull.ts, in a process of its own):
 *               the first pull and the next within budget, then the reports within theirs
 *   flood       a distributed sign-in flood against a server of its own at the real hash cost
 *               (scripts/bench/sign-in-flood.ts): ≥ 9 of 10 real sign-ins answered within 2 s
 *
 * Usage: npm run bench [-- --only=load|bytes|lighthouse|customer|admin|admin-bytes|admin-every|admin-hydration|money|flood|escalation|lsa-pull[,...]]
 * Env:   BENCH_DURATION   seconds of each autocannon run (default 10)
 *        BENCH_LH_RUNS    Lighthouse runs per page (default 3)
 *        BENCH_LH_REPORTS directory to write each run's report to, HTML and JSON (default: none)
 *        CHROMIUM_PATH    browser for Lighthouse (default /usr/bin/chromium)
 *        BENCH_HYDRATION_RUNS  loads per screen in admin-hydration (default 5)
 *        BENCH_HYDRATION_ONLY  a pattern: time to hydrated on the paths it matches only
 *        BENCH_HYDRATION_TRACE a directory: first a traced cold and warm load per screen there
 *
 * Exit code: 0 all budgets met, 1 a budget or check failed, 2 could not measure.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { publicPagePaths } from "../../app/content/public-pages";
import { check, checks } from "./budgets";
import { measureHydration } from "./hydration";
import { measureBytes } from "./bytes";
import {
  measureBackOfficeBytes,
  measureBackOfficeLighthouse,
  measureDispatchInteraction,
  prepareBackOffice,
  signIn,
} from "./back-office";
import { prepareCustomerPage, prepareDataDir } from "./customer-page";
import { measureLighthouse } from "./lighthouse";
import { measureLoad } from "./load";
import { measureRender } from "./render";
import { buildStamp, ensureBuild, SetupError, startServer } from "./serve";
import { closeHttpAgent, heading, isStopping, onCleanup, runCleanups, table } from "./util";

const PARTS = [
  "load",
  "bytes",
  "lighthouse",
  "customer",
  "admin",
  "admin-bytes",
  "admin-every",
  "admin-hydration",
  "money",
  "flood",
  "escalation",
  "lsa-pull",
] as const;
type Part = (typeof PARTS)[number];
/** The parts that sign in to the back office. */
const ADMIN_PARTS: readonly Part[] = ["admin", "admin-bytes", "admin-every", "admin-hydration"];
/** What a run without --only measures (admin includes admin-hydration). */
const DEFAULT_PARTS = PARTS.filter((part) => part !== "admin-every" && part !== "admin-hydration");

const CITY_PAGE = "/service-areas/oak-lawn-locksmith";
const LOAD_PATHS = ["/", "/services/emergency", CITY_PAGE];
/** Chicago neighbourhoods and suburbs of both regions. */
const LIGHTHOUSE_CITIES = [
  "/service-areas/chicago-60615-hyde-park-locksmith",
  "/service-areas/chicago-60643-beverly-locksmith",
  CITY_PAGE,
  "/service-areas/calumet-city-locksmith",
  "/service-areas/homewood-locksmith",
];
const BYTES_SAMPLE = [
  "/",
  "/services",
  "/services/emergency",
  "/service-areas",
  CITY_PAGE,
  "/about",
];
/** Every service page, but five of the 79 city pages (they differ only in their text). */
function lighthousePaths(all: string[]): string[] {
  return [
    "/",
    "/services",
    ...all.filter((path) => path.startsWith("/services/")),
    "/service-areas",
    ...LIGHTHOUSE_CITIES,
    "/about",
    "/request",
  ];
}

function parseParts(argv: string[]): Set<Part> {
  const parts = new Set<Part>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(
        [
          "Usage: npm run bench [-- --only=load|bytes|lighthouse|customer|admin|admin-bytes|admin-every|admin-hydration|money|flood|escalation|lsa-pull[,...]]",
          "Env: BENCH_DURATION (s per autocannon run, 10), BENCH_LH_RUNS (Lighthouse runs per page, 3),",
          "     BENCH_LH_REPORTS (a directory for each run's HTML and JSON report), CHROMIUM_PATH,",
          "     BENCH_HYDRATION_RUNS (5), BENCH_HYDRATION_ONLY (a path pattern), BENCH_HYDRATION_TRACE (a directory)",
        ].join("\n"),
      );
      process.exit(0);
    }
    const value = arg.startsWith("--only=")
      ? arg.slice(7)
      : arg === "--only"
        ? argv[++i]
        : undefined;
    if (value === undefined)
      throw new SetupError(`Unknown argument ${arg}. Usage: --only=${PARTS.join("|")}`);
    for (const name of value.split(",")) {
      if (!(PARTS as readonly string[]).includes(name)) {
        throw new SetupError(`--only: "${name}" is not one of ${PARTS.join(", ")}.`);
      }
      parts.add(name as Part);
    }
  }
  return parts.size > 0 ? parts : new Set(DEFAULT_PARTS);
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new SetupError(`${name} must be a whole number >= 1, not "${raw}".`);
  return value;
}

/**
 * The pages the render probe times on their first request: a spread of route kinds,
 * picked from the live list so renamed slugs do not break the benchmark.
 */
function renderProbePaths(all: string[]): string[] {
  const services = all.filter((path) => path.startsWith("/services/"));
  const cities = all.filter((path) => path.startsWith("/service-areas/") && path !== CITY_PAGE);
  const picked = [
    "/",
    "/services",
    ...services.slice(0, 2),
    "/service-areas",
    CITY_PAGE,
    ...cities.slice(0, 1),
    "/about",
  ];
  return [...new Set(picked)].filter((path) => all.includes(path));
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 3)}...` : text;
}

const SEPARATE_PARTS = [
  [
    "money",
    "scripts/bench/money-views.ts",
    "Card money at volume",
    "job money view and month reconciliation p95",
  ],
  [
    "flood",
    "scripts/bench/sign-in-flood.ts",
    "Sign-in under a distributed flood",
    "real sign-ins within 2 s during a flood",
  ],
  [
    // A simulated clock, no server.
    "escalation",
    "scripts/bench/escalation.ts",
    "Escalation ladder: request → first human woken",
    "request → first human woken p95 ≤ 2 min, offers on and off",
  ],
  [
    // The demo data and the fake Google Ads API, no server.
    "lsa-pull",
    "scripts/bench/lsa-pull.ts",
    "Google Local Services: 1,000 leads pulled",
    "1,000-lead pull and the reports after it within budget",
  ],
] as const;

const started = Date.now();
let exitCode = 0;
let measured = false;
let stampAtStart = "";
try {
  const parts = parseParts(process.argv.slice(2));
  const duration = positiveInteger("BENCH_DURATION", 10);
  const lighthouseRuns = positiveInteger("BENCH_LH_RUNS", 3);
  // Parts in a process of their own, each with its server or database: their budgets decide
  // their exit codes.
  for (const [part, script, title, what] of SEPARATE_PARTS) {
    if (!parts.has(part)) continue;
    heading(`${title} (${script})`);
    const run = spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
    check(
      part,
      what,
      run.status === 0,
      run.status === 0 ? "within budget" : `exit code ${run.status ?? run.signal}`,
    );
    parts.delete(part);
  }
  if (parts.size > 0) await measureServed(parts, duration, lighthouseRuns);
  measured = true;
} catch (error) {
  exitCode = 2;
  if (error instanceof SetupError) console.error(`\n[bench] ${error.message}`);
  else console.error("\n[bench] failed:", error);
} finally {
  closeHttpAgent();
  // Always: stops Chromium and the server and removes the temporary DATA_DIR.
  await runCleanups();
}

/** The parts measured against the production build, served with a temporary database. */
async function measureServed(parts: Set<Part>, duration: number, lighthouseRuns: number) {
  ensureBuild();
  stampAtStart = buildStamp();

  const allPaths = publicPagePaths();
  const lighthouse = lighthousePaths(allPaths);
  const missing = [...new Set([...LOAD_PATHS, ...BYTES_SAMPLE, ...lighthouse])].filter(
    (path) => !allPaths.includes(path),
  );
  if (missing.length > 0) {
    throw new SetupError(
      `Not in publicPagePaths() any more: ${missing.join(", ")}; update scripts/bench/run.ts.`,
    );
  }

  console.log(
    `[bench] ${os.cpus().length} CPU(s), Node ${process.version}; parts: ${[...parts].join(", ")}; starting the production server...`,
  );
  // The customer's page (its link is a secret) and the back office's owner: the benchmark
  // makes them in the data directory before the server starts.
  const [dataDir, prepared] =
    parts.has("customer") || ADMIN_PARTS.some((part) => parts.has(part))
      ? await prepareDataDir(async (db) => ({
          customerPath: parts.has("customer") ? await prepareCustomerPage(db) : undefined,
          backOffice: ADMIN_PARTS.some((part) => parts.has(part))
            ? await prepareBackOffice(db)
            : undefined,
        }))
      : [undefined, undefined];
  const server = await startServer({}, dataDir);
  onCleanup(() => server.stop());
  console.log(`[bench] serving ${server.origin} (temporary DATA_DIR, demo data)`);

  if (parts.has("load")) {
    const probe = renderProbePaths(allPaths);
    // A page outside the probe takes the process's cold first render.
    const warmup =
      allPaths.find((path) => path === "/privacy") ??
      allPaths.find((path) => !probe.includes(path))!;
    await measureRender(server.origin, probe, warmup);
    await measureLoad(server.origin, LOAD_PATHS, duration);
  }
  if (parts.has("bytes")) await measureBytes(server.origin, BYTES_SAMPLE, allPaths);
  if (parts.has("lighthouse")) await measureLighthouse(server.origin, lighthouse, lighthouseRuns);
  if (prepared?.customerPath && !isStopping()) {
    // A private page (noindex by design): search engines are not its audience, so SEO is
    // not judged; the rest is, to the same budgets as the public pages.
    await measureLighthouse(server.origin, [prepared.customerPath], lighthouseRuns, {
      categories: ["performance", "accessibility", "best-practices"],
    });
  }
  if (prepared?.backOffice && !isStopping()) {
    const cookie = await signIn(server.origin, prepared.backOffice);
    await measureBackOfficeBytes(server.origin, prepared.backOffice.everyScreen, cookie);
    if (parts.has("admin") && !isStopping()) {
      await measureDispatchInteraction(
        server.origin,
        prepared.backOffice.paths.find((path) => path.startsWith("/admin/leads/"))!,
        cookie,
        lighthouseRuns,
      );
    }
    if ((parts.has("admin") || parts.has("admin-hydration")) && !isStopping()) {
      // Leads, a lead, Jobs and Payouts: time to hydrated with real throttling, medians of 5.
      await measureHydration(
        server.origin,
        prepared.backOffice.paths.filter((path) =>
          /^\/admin\/(leads|jobs|payouts)(\/[0-9a-f-]{36})?$/.test(path),
        ),
        cookie,
        5,
      );
    }
    if ((parts.has("admin") || parts.has("admin-every")) && !isStopping()) {
      await measureBackOfficeLighthouse(
        server.origin,
        parts.has("admin-every") ? prepared.backOffice.everyScreen : prepared.backOffice.paths,
        cookie,
        lighthouseRuns,
      );
    }
  }
}

if (stampAtStart && buildStamp() !== stampAtStart) {
  console.warn(
    "\n[bench] warning: build/ was rebuilt during the run; figures may mix two builds. Run again.",
  );
}

if (checks.length > 0) {
  heading("Summary");
  console.log(
    table(
      ["result", "part", "check", "detail"],
      // Details are for the failure list below; here they only need to fit a line.
      checks.map((c) => [c.ok ? "ok" : "FAIL", c.part, c.name, clip(c.detail, 70)]),
    ),
  );
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    console.log(`\n  ${failed.length} of ${checks.length} checks FAILED:`);
    for (const c of failed) console.log(`    - [${c.part}] ${c.name}: ${c.detail}`);
    if (exitCode === 0) exitCode = 1;
  } else if (measured) {
    console.log(`\n  all ${checks.length} checks passed`);
  }
}
console.log(
  `\n[bench] done in ${((Date.now() - started) / 1000).toFixed(0)} s, exit code ${exitCode}`,
);
// autocannon and Lighthouse can leave timers behind; the work is done, so leave now.
process.exit(exitCode);
