/**
 * `node --import tsx scripts/bench/missed-calls.ts`: the missed-call text-back (issue 50) on
 * PGlite (in memory) and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * server where a database may be created. Each round is Twilio's signed status callback for
 * a no-answer call from a new number, handled as the route handles it: the call log, the
 * lead and the text-back in the outbox, one transaction. Measured: the callback's arrival →
 * the text-back queued (committed). Budget p95 < 200 ms. Exit 1 when it is missed.
 */
import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import twilio from "twilio";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { messages } from "../../app/server/db/messaging-tables.server";
import { handleVoiceWebhook } from "../../app/server/phones/call-events.server";
import type { TextContext } from "../../app/server/texting/outbox.server";
import { withDefaults } from "../../app/server/texting/text-settings.server";
import { benchOnBothAndReport, ITERATIONS, measure, type Figure } from "./database-bench";

const TOKEN = crypto.randomBytes(16).toString("hex");
const env = { SITE_URL: "https://bench.invalid", TWILIO_AUTH_TOKEN: TOKEN };
const PATH = "/api/webhooks/twilio/voice";

const texts: TextContext = {
  // Configured (the rows are queued), but no sender runs: nothing leaves the machine.
  sender: {
    configured: true,
    accountSid: `AC${"0".repeat(32)}`,
    authToken: TOKEN,
    from: "+17085550100",
    messagingServiceSid: null,
    statusCallbackBase: "https://bench.invalid/api/webhooks/twilio/message",
  },
  settings: withDefaults({}),
  business: { name: "Lockline", phone: "(708) 555-0100" },
  siteUrl: env.SITE_URL,
};

function missedCall(i: number): Request {
  const params = {
    CallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
    From: `+1773${String(2_000_000 + i).padStart(7, "0")}`,
    To: "+13125550147",
    CallStatus: "no-answer",
    Direction: "inbound",
  };
  return new Request(`http://127.0.0.1:3000${PATH}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        TOKEN,
        `${env.SITE_URL}${PATH}`,
        params,
      ),
    },
    body: new URLSearchParams(params).toString(),
  });
}

async function bench(database: string, handle: DatabaseHandle): Promise<Figure[]> {
  await handle.migrate();
  const { p50, p95 } = await measure(async (i) => {
    const response = await handleVoiceWebhook({
      request: missedCall(i),
      db: handle.db,
      env,
      texts,
    });
    if (response.status !== 200) throw new Error(`callback answered ${response.status}`);
  });
  const [queued] = await handle.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.purpose, "customer_missed_call"), eq(messages.status, "queued")));
  if (queued?.n !== ITERATIONS + 1) {
    throw new Error(`${queued?.n} text-backs queued, expected ${ITERATIONS + 1}`);
  }
  return [{ database, what: "missed call → text-back queued", p50, p95, budget: 200 }];
}

await benchOnBothAndReport(
  (pglite) => bench("PGlite", pglite),
  (postgres) => bench("PostgreSQL", postgres),
);
