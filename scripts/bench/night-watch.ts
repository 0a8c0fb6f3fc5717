/**
 * `node --import tsx scripts/bench/night-watch.ts`: the night watch (issue 28) with simulated
 * locksmiths answering through their links, on PGlite (in memory) and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where a database may be created.
 * The real timer worker runs (woken by the change feed, polling every second) beside the
 * clock rules' sweep.
 *
 *   1. 100 web requests, one after another, automatic offers on: request → first offer
 *      queued (the locksmith's text in the outbox); the first locksmith declines through
 *      their link, the next accepts, then completes: request → accepted with no office action.
 *   2. 100 web requests arriving 50 ms apart, one offer of OFFER_SECONDS each and nobody
 *      answering: how long after the offer's limit the operator's alert is queued.
 *
 * Budgets: first offer queued p95 < 1,000 ms; the escalation fires p95 < 5,000 ms after its
 * limit. Exit 1 when one is missed.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  DEFAULT_NIGHT_WATCH,
  type NightWatchSettings,
} from "../../app/lib/night-watch/clock-rules";
import { writeSetting } from "../../app/server/db/app-settings.server";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { assignments } from "../../app/server/db/business-tables.server";
import { messages } from "../../app/server/db/messaging-tables.server";
import { ChangeFeed } from "../../app/server/live/change-feed.server";
import { actOnJobPage } from "../../app/server/dispatch/job-page.server";
import { createLead } from "../../app/server/leads/leads.server";
import type { TextContext } from "../../app/server/texting/outbox.server";
import { withDefaults } from "../../app/server/texting/text-settings.server";
import { runNightWatch } from "../../app/server/night-watch/timer-worker.server";
import { benchOnBothAndReport, percentile, type Figure } from "./database-bench";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const OFFER_SECONDS = 5;
const ZIP = "60629";

const texts: TextContext = {
  // Without Twilio: texts wait in the outbox, as on a fresh install.
  sender: { configured: false, missing: "the benchmark sends nothing" },
  settings: withDefaults({}),
  business: { name: "Lockline", phone: "(708) 555-0100" },
  siteUrl: "https://bench.invalid",
};

function settings(maxOffers: number): NightWatchSettings {
  return {
    ...DEFAULT_NIGHT_WATCH,
    autoOffers: {
      ...DEFAULT_NIGHT_WATCH.autoOffers,
      mode: "always",
      offerSeconds: OFFER_SECONDS,
      maxOffers,
    },
    onCall: { name: "Bench", phone: "+17735550199" },
  };
}

/** Resolves when the outbox gets a text of `purpose` for `leadId` (told by the change feed). */
function outboxWatch(handle: DatabaseHandle, changes: ChangeFeed) {
  const waiting = new Map<string, (at: number) => void>();
  const seen = new Map<string, number>();
  changes.subscribe((change) => {
    if (change.table !== "messages" || change.op !== "insert") return;
    const at = Date.now();
    void handle.db
      .select({ leadId: messages.leadId, purpose: messages.purpose })
      .from(messages)
      .where(eq(messages.id, change.id))
      .then(([row]) => {
        if (!row?.leadId) return;
        const key = `${row.leadId}:${row.purpose}`;
        if (seen.has(key)) return;
        seen.set(key, at);
        waiting.get(key)?.(at);
      });
  });
  return (leadId: string, purpose: "locksmith_dispatch" | "operator_alert") => {
    const key = `${leadId}:${purpose}`;
    const already = seen.get(key);
    if (already !== undefined) return Promise.resolve(already);
    return new Promise<number>((resolve) => waiting.set(key, resolve));
  };
}

let phoneNumber = 0;
function webRequest(handle: DatabaseHandle) {
  phoneNumber += 1;
  return createLead(
    handle.db,
    {
      name: `Bench Caller ${phoneNumber}`,
      phone: `+1773555${String(phoneNumber).padStart(4, "0")}`,
      serviceType: "automotive",
      zip: ZIP,
      source: "web",
    },
    { kind: "customer", name: "Website form" },
  );
}

async function liveOffer(handle: DatabaseHandle, leadId: string) {
  const [offer] = await handle.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.leadId, leadId), eq(assignments.state, "offered")));
  return offer;
}

/** The job link's token in the latest offer text for this lead. */
async function latestOfferToken(handle: DatabaseHandle, leadId: string): Promise<string> {
  const rows = await handle.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.leadId, leadId), eq(messages.purpose, "locksmith_dispatch")))
    .orderBy(messages.createdAt);
  return /\/j\/([A-Za-z0-9_-]{43})/.exec(rows.at(-1)!.body)![1]!;
}

async function untilOfferChanges(handle: DatabaseHandle, leadId: string, from: string) {
  for (;;) {
    const offer = await liveOffer(handle, leadId);
    if (offer && offer.id !== from) return offer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function bench(database: string, handle: DatabaseHandle): Promise<Figure[]> {
  await handle.migrate();
  await handle.db.execute(
    // 120 locksmiths covering the ZIP: enough free ones for a burst of 100 offers.
    sql`
      insert into locksmiths (name, phone, assigned_zips, default_cut_percent, active)
      select 'Bench Smith ' || lpad(g::text, 3, '0'), '+1708555' || lpad(g::text, 4, '0'),
        array[${ZIP}], 60, true
      from generate_series(1, 120) as g`,
  );
  const changes = await ChangeFeed.start(handle);
  let current = settings(3);
  const worker = await runNightWatch(changes, {
    db: handle.db,
    context: async (now) => ({ texts, settings: current, now }),
    voice: () => undefined,
    push: async () => ({ sent: 0, dropped: 0, failed: 0, done: [] }),
  });
  const queued = outboxWatch(handle, changes);
  try {
    // 1. One after another: first offer, then a decline and an accept through the links.
    await writeSetting(handle.db, "night_watch", current);
    const firstOffer: number[] = [];
    const accepted: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = Date.now();
      const lead = await webRequest(handle);
      firstOffer.push((await queued(lead.id, "locksmith_dispatch")) - started);
      const first = (await liveOffer(handle, lead.id))!;
      await actOnJobPage(
        handle.db,
        await latestOfferToken(handle, lead.id),
        { intent: "decline" },
        texts,
      );
      await untilOfferChanges(handle, lead.id, first.id);
      const token = await latestOfferToken(handle, lead.id);
      await actOnJobPage(handle.db, token, { intent: "accept" }, texts);
      accepted.push(Date.now() - started);
    }

    // 2. A burst nobody answers: one offer each, then the office is alerted.
    current = settings(1);
    await writeSetting(handle.db, "night_watch", current);
    const leads = [];
    for (let i = 0; i < REQUESTS; i++) {
      leads.push((await webRequest(handle)).id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const late: number[] = [];
    for (const leadId of leads) {
      const alertAt = await queued(leadId, "operator_alert");
      const [offer] = await handle.db
        .select({ expiresAt: assignments.expiresAt })
        .from(assignments)
        .where(eq(assignments.leadId, leadId));
      late.push(alertAt - offer!.expiresAt.getTime());
    }
    const figure = (what: string, values: number[], budget: number): Figure => ({
      database,
      what,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      budget,
    });
    return [
      figure("request → first offer queued", firstOffer, 1_000),
      figure("request → decline → next offer accepted", accepted, 10_000),
      figure(`escalation after its limit (${OFFER_SECONDS} s offer)`, late, 5_000),
    ];
  } finally {
    await worker.stop();
    await changes.close();
  }
}

await benchOnBothAndReport(
  (pglite) => bench("PGlite", pglite),
  (postgres) => bench("PostgreSQL", postgres),
);
