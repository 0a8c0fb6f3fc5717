/**
 * The back office on a phone (issue 32): the dispatcher's screens, signed in as a throwaway
 * owner on the demo business. The owner and the lead whose page is measured are made in the
 * data directory before the server starts; the benchmark then signs in through the sign-in
 * form, as a person would, and hands the session cookie to every request.
 *
 *   bytes       the JavaScript (as sent: brotli) each back-office screen loads on a first visit: its
 *               HTML's scripts and modulepreloads and their static imports; budget per screen
 *   lighthouse  mobile Lighthouse (default throttling) with the cookie as an extra header;
 *               performance, best practices, total blocking time and first contentful paint
 *   dispatch    the Dispatch dialog on the lead page, opened and sent in Chromium at a 4x CPU
 *               slowdown (a mid-range phone): each tap's time to its next paint (Event Timing)
 */
import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { OPENING_SERVICES } from "../../app/lib/door-check/opens";
import { jobs, leads, locksmiths } from "../../app/server/db/business-tables.server";
import type { Db } from "../../app/server/db/database.server";
import { createUserWithPassword } from "../../app/server/auth/users.server";
import { budgets, check } from "./budgets";
import { assetReader, pageBytes } from "./bytes";
import { measureLighthouse } from "./lighthouse";
import { PHONE } from "./phone";
import { SetupError } from "./serve";
import { CHROMIUM_FLAGS, HEADLESS_SHELL } from "../chromium";
import { heading, kb, KB, median, ms, onCleanup, table } from "./util";

export interface BackOffice {
  email: string;
  password: string;
  /** The screens Lighthouse measures, the lead page included. */
  paths: string[];
  /** Every back-office screen, for the byte count. */
  everyScreen: string[];
}

/** The screens the dispatcher opens at night; the lead page is the demo's newest lead. */
const SCREENS = [
  "/admin",
  "/admin/leads",
  "LEAD",
  "/admin/jobs",
  "/admin/payouts",
  "/admin/messages",
];

/** Every other screen of the back office (its routes with a page), for the byte count. */
const OTHER_SCREENS = [
  "/admin/profile",
  "/admin/confirm",
  "/admin/locksmiths",
  "/admin/locksmiths/board",
  "LOCKSMITH",
  "/admin/dispatch-codes",
  "PHONE_CHECK",
  "STATEMENT",
  "/admin/payouts/year-end",
  "/admin/reconciliation",
  "/admin/reports",
  "/admin/call-logs",
  "/admin/reviews",
  "/admin/settings",
  "/admin/settings/messages",
  "/admin/settings/prices",
  "/admin/settings/sources",
  "/admin/settings/reviews",
  "/admin/settings/night-watch",
  "/admin/settings/failed-work",
];

/** Makes the throwaway owner and picks the lead; runs on the prepared data directory. */
export async function prepareBackOffice(db: Db): Promise<BackOffice> {
  const tag = crypto.randomBytes(6).toString("hex");
  const email = `bench.${tag}@example.com`;
  const password = `Bench-${crypto.randomBytes(12).toString("base64url")}`;
  await createUserWithPassword(db, { email, name: `Bench Owner ${tag}`, password, role: "owner" });
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.status, "new"))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (!lead) throw new SetupError("The demo business has no new lead for the lead page.");
  const [locksmith] = await db
    .select({ id: locksmiths.id })
    .from(locksmiths)
    .orderBy(locksmiths.name)
    .limit(1);
  if (!locksmith) throw new SetupError("The demo business has no locksmith.");
  // The door check by phone (decision 0075) of an opening in progress: the form is shown.
  // The demo business is drawn anew each day and does not always have one: then the bench
  // makes its own, as the office would from a call.
  const [found] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "in_progress"), inArray(jobs.jobType, [...OPENING_SERVICES])))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  const opening =
    found ??
    (
      await db
        .insert(jobs)
        .values({
          clientName: `Bench Opening ${tag}`,
          jobType: OPENING_SERVICES[0],
          status: "in_progress",
          locksmithId: locksmith.id,
        })
        .returning({ id: jobs.id })
    )[0]!;
  const real: Record<string, string> = {
    LEAD: `/admin/leads/${lead.id}`,
    LOCKSMITH: `/admin/locksmiths/${locksmith.id}`,
    PHONE_CHECK: `/admin/jobs/${opening.id}/phone-check`,
    STATEMENT: `/admin/payouts/${locksmith.id}`,
  };
  const paths = SCREENS.map((path) => real[path] ?? path);
  return {
    email,
    password,
    paths,
    everyScreen: [...paths, ...OTHER_SCREENS.map((path) => real[path] ?? path)],
  };
}

/** Signs in through the form (POST /auth) and returns the Cookie header it earned. */
export async function signIn(origin: string, office: BackOffice): Promise<string> {
  const answer = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "sign-in",
      email: office.email,
      password: office.password,
    }),
  });
  // The session alone: the sign-in's "Welcome back" toast cookie would show (and load the
  // toaster) on every measured page, where a dispatcher's page shows it once.
  const cookies = answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("=") && pair.startsWith("better-auth."));
  if (answer.status !== 302 || !cookies.some((pair) => pair.includes("session_token"))) {
    throw new SetupError(`Sign-in as the bench owner answered ${answer.status}, no session.`);
  }
  return cookies.join("; ");
}

export async function measureBackOfficeBytes(origin: string, paths: string[], cookie: string) {
  heading(
    "Bytes: what each back-office screen loads on a first visit (as sent: brotli; 1 kB = 1000 bytes)",
  );
  const fetchAsset = assetReader();
  const limit = budgets.backOffice.jsKbSentPerPage * KB;
  const rows: (string | number)[][] = [];
  for (const path of paths) {
    const page = await pageBytes(origin, path, fetchAsset, { cookie });
    const broken = page.status !== 200 || page.assetErrors.length > 0;
    const ok = !broken && page.jsSent <= limit;
    rows.push([
      broken ? `${path} (HTTP ${page.status}, ${page.assetErrors.length} missing)` : path,
      page.jsFiles,
      kb(page.jsSent),
      kb(page.cssSent),
      kb(page.htmlSent),
      ok ? "ok" : "FAIL",
    ]);
    check(
      "bytes",
      `${path} JS <= ${budgets.backOffice.jsKbSentPerPage} kB sent`,
      ok,
      broken ? `HTTP ${page.status} ${page.assetErrors.join(", ")}` : `${kb(page.jsSent)} kB`,
    );
  }
  console.log(table(["screen", ">JS files", ">JS kB", ">CSS kB", ">HTML kB", "JS budget"], rows));
}

export async function measureBackOfficeLighthouse(
  origin: string,
  paths: string[],
  cookie: string,
  runs: number,
) {
  await measureLighthouse(origin, paths, runs, {
    label: "back office, signed in",
    categories: ["performance", "accessibility", "best-practices"],
    scoreBudgets: budgets.backOffice.lighthouse,
    metricBudgets: budgets.backOffice.metricsMs,
    extraHeaders: { cookie },
  });
}

/** Chromium's slowdown for a mid-range phone, as Lighthouse's mobile preset uses. */
const CPU_SLOWDOWN = 4;

/**
 * Opens the Dispatch dialog on the lead page and sends it, in Chromium at a 4x CPU slowdown,
 * `runs` times in fresh pages; each tap is timed with the Event Timing API (input to the next
 * paint, what INP measures), and the median of each is judged. Sending is stopped at the
 * network (the request is aborted), so every run offers the same lead: what is timed is the
 * page's answer to the tap ("Dispatching..."), not the server's.
 */
export async function measureDispatchInteraction(
  origin: string,
  leadPath: string,
  cookie: string,
  runs: number,
) {
  heading(`Dispatch on a phone: Chromium at ${CPU_SLOWDOWN}x CPU slowdown, ${runs} run(s)`);
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_FLAGS });
  onCleanup(() => browser.close());
  const taps = { open: [] as number[], send: [] as number[] };
  try {
    for (let run = 1; run <= runs; run++) {
      // As Lighthouse's phone, user agent included: the lead page a phone gets.
      const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { cookie } });
      const page = await context.newPage();
      // The offer is not sent: every run finds the lead as the first one did.
      await page.route(`**${leadPath}*`, (route) =>
        route.request().method() === "POST" ? route.abort() : route.continue(),
      );
      const cdp = await context.newCDPSession(page);
      await page.goto(origin + leadPath, { waitUntil: "networkidle" });
      await page.evaluate(() => {
        const timed: { name: string; duration: number }[] = [];
        (window as unknown as { timed: typeof timed }).timed = timed;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.name === "click") timed.push({ name: entry.name, duration: entry.duration });
          }
        }).observe({
          type: "event",
          durationThreshold: 16,
          buffered: true,
        } as PerformanceObserverInit);
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page
        .getByRole("button", { name: /^Dispatch/ })
        .first()
        .tap();
      await page.getByRole("dialog").waitFor();
      const submit = page
        .getByRole("dialog")
        .getByRole("button", { name: "Dispatch", exact: true });
      await submit.waitFor();
      await submit.tap();
      await page
        .getByRole("button", { name: "Dispatching..." })
        .waitFor()
        .catch(() => {});
      await page.waitForTimeout(500);
      const timed = await page.evaluate(
        () => (window as unknown as { timed: { duration: number }[] }).timed,
      );
      // Event Timing reports a tap's slowest event; the two clicks are the two taps.
      const [open, send] = timed.map((entry) => entry.duration);
      taps.open.push(open ?? Number.NaN);
      taps.send.push(send ?? Number.NaN);
      console.log(
        `  run ${run}/${runs}: open ${ms(open ?? Number.NaN)} ms, send ${ms(send ?? Number.NaN)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const limit = budgets.backOffice.tapToPaintMs;
  for (const [name, values] of Object.entries(taps)) {
    const value = values.some(Number.isNaN) ? Number.NaN : median(values);
    check(
      "lighthouse",
      `${leadPath} Dispatch ${name}: tap to next paint < ${limit} ms at ${CPU_SLOWDOWN}x`,
      value < limit,
      `median ${ms(value)} ms (runs: ${values.map((v) => ms(v)).join(", ")})`,
    );
  }
}
