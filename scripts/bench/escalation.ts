/**
 * `npm run bench -- --only=escalation` (or `node --import tsx scripts/bench/escalation.ts`):
 * request → first human woken (issue 46, decision 0051), on a simulated clock, with automatic
 * offers on (180 s × 3, locksmiths who never answer) and off. PGlite in memory, and
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 *
 * The real timers and clock rules run, each pass at a simulated second, as the worker's
 * 1 s poll does; the clock rules' sweep is its own recurring timer (every 2 s). "Woken" is
 * the first operator text queued for the lead (the ladder's first rung).
 *
 * Budget: p95 ≤ 120,000 ms (2 minutes, the default untouched limit) in both modes.
 */
import { and, eq, inArray } from "drizzle-orm";
import {
  DEFAULT_NIGHT_WATCH,
  type NightWatchSettings,
} from "../../app/lib/night-watch/clock-rules";
import { writeSetting } from "../../app/server/db/app-settings.server";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { messages } from "../../app/server/db/messaging-tables.server";
import { createLead } from "../../app/server/leads/leads.server";
import type { TextContext } from "../../app/server/texting/outbox.server";
import { withDefaults } from "../../app/server/texting/text-settings.server";
import {
  fireDueTimers,
  scheduleClockRules,
  type NightWatchDeps,
} from "../../app/server/night-watch/timer-worker.server";
import {
  benchOnBothAndReport,
  insertBenchLocksmiths,
  percentile,
  type Figure,
} from "./database-bench";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const BUDGET_MS = 120_000;

const texts: TextContext = {
  sender: { configured: false, missing: "the benchmark sends nothing" },
  settings: withDefaults({}),
  business: { name: "Lockline", phone: "(708) 555-0100" },
  siteUrl: "https://bench.invalid",
};

const settings = (mode: "off" | "always"): NightWatchSettings => ({
  ...DEFAULT_NIGHT_WATCH,
  autoOffers: { ...DEFAULT_NIGHT_WATCH.autoOffers, mode, offerSeconds: 180, maxOffers: 3 },
  onCall: { name: "Bench", phone: "+17735550199" },
});

let phoneNumber = 0;

/** Requests spread over a simulated minute; each is then walked until someone is woken. */
async function run(handle: DatabaseHandle, mode: "off" | "always"): Promise<number[]> {
  const current = settings(mode);
  await writeSetting(handle.db, "night_watch", current);
  const deps: NightWatchDeps = {
    db: handle.db,
    context: async (now) => ({ texts, settings: current, now }),
    voice: () => undefined,
    push: async () => ({ sent: 0, dropped: 0, failed: 0, done: [] }),
  };
  const leads = new Map<string, number>();
  for (let i = 0; i < REQUESTS; i++) {
    phoneNumber += 1;
    const lead = await createLead(
      handle.db,
      {
        name: `Bench Caller ${phoneNumber}`,
        phone: `+1773555${String(phoneNumber).padStart(4, "0")}`,
        serviceType: "automotive",
        // 60629 is covered by the bench locksmiths: with offers on, each gets one.
        zip: "60629",
        source: "web",
      },
      { kind: "customer", name: "Website form" },
    );
    leads.set(lead.id, lead.createdAt.getTime());
  }
  await scheduleClockRules(handle.db, new Date(Math.min(...leads.values())));
  const woken = new Map<string, number>();
  const start = Math.min(...leads.values());
  // Each simulated second: one worker pass (and again while a full batch leaves more due).
  for (let t = start; t < start + 5 * 60_000 && woken.size < leads.size; t += 1_000) {
    const now = new Date(t);
    while ((await fireDueTimers(deps, { now, limit: 50 })) >= 50);
    const texted = await handle.db
      .select({ leadId: messages.leadId })
      .from(messages)
      .where(
        and(
          eq(messages.purpose, "operator_alert"),
          inArray(
            messages.leadId,
            [...leads.keys()].filter((id) => !woken.has(id)),
          ),
        ),
      );
    for (const { leadId } of texted) {
      if (leadId && !woken.has(leadId)) woken.set(leadId, t - leads.get(leadId)!);
    }
  }
  if (woken.size < leads.size)
    throw new Error(`${leads.size - woken.size} requests never woke anyone`);
  return [...woken.values()];
}

async function bench(database: string, handle: DatabaseHandle): Promise<Figure[]> {
  await handle.migrate();
  await insertBenchLocksmiths(handle.db);
  const figures: Figure[] = [];
  for (const mode of ["always", "off"] as const) {
    const values = await run(handle, mode);
    figures.push({
      database,
      what: `request → first human woken, offers ${mode === "off" ? "off" : "on (180 s × 3)"}`,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      budget: BUDGET_MS + 1,
    });
  }
  return figures;
}

await benchOnBothAndReport(
  (pglite) => bench("PGlite", pglite),
  (postgres) => bench("PostgreSQL", postgres),
);
