/**
 * `npm run bench -- --only=lsa-pull` (or `node --import tsx scripts/bench/lsa-pull.ts`): the
 * Google Local Services pull at 1,000 leads (issue 51). A database with the demo data (a year
 * of a locksmith business), connected to the local fake of the Google Ads API
 * (tests/helpers/fake-google-ads.ts: the token endpoint and the REST interface, served over
 * HTTP and read through the server's own client), which serves 1,000 LocalServicesLead rows
 * made in the last day: 500 phone calls (200 of them from callers whose call Lockline already
 * logged: they must match it and make no lead), 300 messages (with the customer's follow-up
 * and the business's answer as conversations) and 200 bookings, a few without a phone, some
 * credited or pending. Timed end to end (sign-in, GAQL searches, every lead stored in its own
 * transaction): the first pull, which takes all 1,000, and the pull 5 minutes later (the
 * 10-minute overlap read again, nothing new), BENCH_LSA_ROUNDS rounds (3) of fresh leads, each
 * checked: the leads made, the calls matched, no duplicates. Then the report queries the
 * reports bench times (scripts/bench/reports.ts), on the rollups remade after the pulls, to
 * their budgets. PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server. Exit 1 when a budget is missed.
 */
import crypto from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { formatAdsDateTime, LSA_SOURCE_NAME } from "../../app/lib/lead-inbox/lsa";
import { lastDaysPeriod, presetPeriod } from "../../app/lib/time/chicago-period";
import { leads } from "../../app/server/db/business-tables.server";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { lsaConnection, lsaLeads } from "../../app/server/db/lead-inbox-tables.server";
import { loadDemoDataOnce } from "../../app/server/demo/seed.server";
import { googleAdsRest } from "../../app/server/lead-inbox/google-ads.server";
import { connectLsa } from "../../app/server/lead-inbox/lsa-connection.server";
import { pullLsaLeads, type PullOutcome } from "../../app/server/lead-inbox/lsa-pull.server";
import { recordCallEvent } from "../../app/server/phones/call-events.server";
import { refreshReportRollups } from "../../app/server/reports/report-rollups.server";
import { readReports } from "../../app/server/reports/reports.server";
import { tinCipher } from "../../app/server/tax/tin-cipher.server";
import {
  fakeAdsClient,
  startFakeGoogleAds,
  type FakeGoogleAds,
} from "../../tests/helpers/fake-google-ads";
import { budgets } from "./budgets";
import { benchOnBothAndReport, measure, percentile, settle, type Figure } from "./database-bench";

const LEADS = 1_000;
const ROUNDS = Number(process.env.BENCH_LSA_ROUNDS ?? 3);
const ZONE = "America/Chicago";
const ACTOR = { kind: "system", name: "bench" } as const;
const cipher = tinCipher(crypto.randomBytes(32).toString("base64"));

/** A caller's number no demo customer has (872, a Chicago overlay), distinct per round. */
const phoneOf = (round: number, i: number) =>
  `+1872${String(2_000_000 + round * 10_000 + i).padStart(7, "0")}`;

interface Served {
  /** Numbers whose call Lockline logged before the pull. */
  matchedPhones: string[];
  /** Leads with a phone that match no call: each makes one Lockline lead. */
  expectedLeads: number;
}

/**
 * Round `round`'s 1,000 leads in the fake, made over the last 20 hours (the first pull reads a
 * day back); the calls of the matched phone leads logged first (untimed), as Twilio's
 * callbacks would have logged them.
 */
async function serveLeads(fake: FakeGoogleAds, db: DatabaseHandle["db"], round: number) {
  fake.leads.length = 0;
  fake.conversations.length = 0;
  const now = Date.now();
  const served: Served = { matchedPhones: [], expectedLeads: 0 };
  for (let i = 0; i < LEADS; i++) {
    const kind = i % 10;
    const type = kind < 5 ? "PHONE_CALL" : kind < 8 ? "MESSAGE" : "BOOKING";
    // One in 50 messages or bookings comes without a phone: kept for the reports, no lead.
    const phone = type !== "PHONE_CALL" && i % 50 === 7 ? undefined : phoneOf(round, i);
    let at = new Date(now - 60_000 - i * 70_000);
    if (type === "PHONE_CALL" && kind < 2 && phone) {
      const logged = await recordCallEvent(db, {
        CallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
        CallStatus: "completed",
        From: phone,
        To: "+13125550147",
        Direction: "inbound",
        CallDuration: 94,
      });
      if (logged.outcome !== "created") throw new Error(`call not logged: ${logged.outcome}`);
      at = logged.callLog.startTime;
      served.matchedPhones.push(phone);
    } else if (phone) {
      served.expectedLeads += 1;
    }
    const lead = fake.addLead({
      type,
      at: formatAdsDateTime(at, ZONE),
      phone,
      name: `Bench Caller ${round}-${i}`,
      text: type === "PHONE_CALL" ? undefined : "Locked out of my apartment, keys inside",
      charged: type !== "BOOKING" && i % 3 !== 0,
    });
    if (i % 40 === 1) {
      lead.creditDetails = {
        creditState: i % 80 === 1 ? "CREDITED" : "PENDING",
        creditStateLastUpdateDateTime: lead.creationDateTime,
      };
    }
    if (type === "MESSAGE") {
      for (const [participantType, text] of [
        ["CONSUMER", "It is the back door, unit 2"],
        ["ADVERTISER", "On our way, about 25 minutes"],
      ] as const) {
        fake.conversations.push({
          resourceName: `customers/${fake.customerId}/localServicesLeadConversations/${lead.id}${participantType === "CONSUMER" ? 2 : 3}`,
          conversationChannel: "MESSAGE",
          participantType,
          lead: lead.resourceName,
          eventDateTime: lead.creationDateTime,
          messageDetails: { text, attachmentUrls: [] },
        });
      }
    }
  }
  return served;
}

async function check(
  db: DatabaseHandle["db"],
  served: Served,
  first: PullOutcome,
  next: PullOutcome,
) {
  if (first.created + first.matched !== LEADS || first.matched !== served.matchedPhones.length) {
    throw new Error(
      `first pull: ${JSON.stringify(first)}, expected ${served.matchedPhones.length} matched`,
    );
  }
  if (next.created !== 0 || next.matched !== 0) {
    throw new Error(`the next pull made leads again: ${JSON.stringify(next)}`);
  }
  // Each matched caller has the one lead their call made; no second lead from Google's copy.
  const [twice] = await db
    .select({ n: count() })
    .from(leads)
    .where(inArray(leads.phone, served.matchedPhones));
  if (twice?.n !== served.matchedPhones.length) {
    throw new Error(`${twice?.n} leads for ${served.matchedPhones.length} matched callers`);
  }
  const matched = await db
    .select({ n: count() })
    .from(lsaLeads)
    .where(and(inArray(lsaLeads.phone, served.matchedPhones), eq(lsaLeads.leadType, "PHONE_CALL")));
  if (matched[0]?.n !== served.matchedPhones.length) throw new Error("matched calls not kept");
}

async function bench(database: string, handle: DatabaseHandle, scale: number): Promise<Figure[]> {
  await handle.migrate();
  const loading = performance.now();
  await loadDemoDataOnce(handle.db);
  await settle(handle);
  console.log(`${database}: demo data in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
  const fake = await startFakeGoogleAds({ timeZone: ZONE });
  try {
    const api = googleAdsRest({ ...fakeAdsClient(fake), cipher });
    await connectLsa(
      handle.db,
      { customerId: fake.customerId, refreshToken: "1//bench-refresh-token" },
      ACTOR,
      cipher,
    );
    const firsts: number[] = [];
    const nexts: number[] = [];
    const before = await lsaLeadCount(handle);
    for (let round = 0; round < ROUNDS; round++) {
      const served = await serveLeads(fake, handle.db, round);
      // Each round is a first pull of its own day of leads.
      await handle.db.update(lsaConnection).set({ pulledThrough: null });
      const made = await leadCount(handle);
      let started = performance.now();
      // This process's CPU: on PGlite the database's too, whatever else the host runs.
      const cpu = process.cpuUsage();
      const first = await pullLsaLeads(handle.db, api);
      firsts.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      started = performance.now();
      const next = await pullLsaLeads(handle.db, api, new Date(Date.now() + 5 * 60_000));
      nexts.push(performance.now() - started);
      if (!first || !next) throw new Error("not connected");
      await check(handle.db, served, first, next);
      if ((await leadCount(handle)) - made !== served.expectedLeads) {
        throw new Error(`round ${round}: not ${served.expectedLeads} leads made`);
      }
      console.log(
        `${database}: round ${round + 1}, first pull ${JSON.stringify(first)} in ${firsts.at(-1)!.toFixed(0)} ms (this process's CPU ${cpuMs.toFixed(0)} ms), next pull ${JSON.stringify(next)} in ${nexts.at(-1)!.toFixed(0)} ms`,
      );
    }
    const kept = (await lsaLeadCount(handle)) - before;
    if (kept !== LEADS * ROUNDS) throw new Error(`${kept} Local Services leads kept`);
    const pullFigure = (what: string, times: number[], budget: number): Figure => ({
      database,
      what,
      p50: percentile(times, 50),
      // Few rounds: the slowest of them, not an estimate of a tail.
      p95: Math.max(...times),
      budget,
    });
    const figures = [
      pullFigure(
        `first pull, ${LEADS.toLocaleString("en-US")} leads (max of ${ROUNDS})`,
        firsts,
        budgets.lsaPull.firstPullMs[handle.kind],
      ),
      pullFigure(
        `the next pull, 10-min overlap (max of ${ROUNDS})`,
        nexts,
        budgets.lsaPull.nextPullMs,
      ),
    ];
    figures.push(...(await reportsAfter(database, handle, scale)));
    return figures;
  } finally {
    await fake.close();
  }
}

const leadCount = async (handle: DatabaseHandle) =>
  (
    await handle.db.select({ n: count() }).from(leads).where(eq(leads.sourceName, LSA_SOURCE_NAME))
  )[0]!.n;
const lsaLeadCount = async (handle: DatabaseHandle) =>
  (await handle.db.select({ n: count() }).from(lsaLeads))[0]!.n;

/**
 * What the reports bench times, on this database after the pulls: the rollups remade as the
 * background pass remakes them, then the Reports page's read (with its Local Services counts)
 * for this month and the last 365 days, to the reports' budgets.
 */
async function reportsAfter(database: string, handle: DatabaseHandle, scale: number) {
  while ((await refreshReportRollups(handle.db)).length > 0);
  await settle(handle);
  const now = new Date();
  const page = ["source", "source", "hour"] as const;
  const month = presetPeriod("this_month", now);
  const year = lastDaysPeriod(now, 365);
  const { monthMs, yearMs } = budgets.reports;
  const cases: [string, number, () => Promise<unknown>][] = [
    [
      "Reports page, this month, after the pulls",
      monthMs * scale,
      () => readReports(handle.db, month, page),
    ],
    [
      "Reports page, last 365 days, after the pulls",
      yearMs * scale,
      () => readReports(handle.db, year, page),
    ],
  ];
  const figures: Figure[] = [];
  for (const [what, budget, run] of cases)
    figures.push({ database, what, budget, ...(await measure(run)) });
  return figures;
}

await benchOnBothAndReport(
  (pglite) => bench("PGlite", pglite, budgets.reports.pgliteFactor),
  (postgres) => bench("PostgreSQL", postgres, 1),
);
