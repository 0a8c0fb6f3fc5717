import { addDays, chicagoDay, formatDay } from "~/lib/time/chicago-period";
import type { Db } from "../db/database.server";
import { marketingSources, sourceSpend, trackingNumbers } from "../db/source-tables.server";

/**
 * The demo's paid sources (decision 0039), matching the names its leads carry: a tracking
 * number each where calls come in (555-01xx, a fictional range) and a year of monthly spend,
 * so the reports show costs per lead and per booked job. Organic names (Website, google,
 * bing.com) cost nothing and have no spend.
 */
const DEMO_SOURCES = [
  { name: "Google Ads", phone: "+13125550161", monthlyCents: 180_000 },
  { name: "Google Local Services", phone: "+13125550162", monthlyCents: 90_000 },
  { name: "Yelp", phone: "+13125550163", monthlyCents: 60_000 },
  { name: "Truck wrap", phone: "+13125550164", monthlyCents: 25_000 },
] as const;

export async function insertDemoSources(tx: Db, now: Date): Promise<void> {
  const made = await tx
    .insert(marketingSources)
    .values(DEMO_SOURCES.map(({ name }) => ({ name })))
    .returning();
  const idOf = (name: string) => made.find((source) => source.name === name)!.id;
  await tx
    .insert(trackingNumbers)
    .values(DEMO_SOURCES.map(({ name, phone }) => ({ phone, sourceId: idOf(name) })));
  // This month and the twelve before it, in Chicago.
  const months: string[] = [];
  let day = { ...chicagoDay(now), day: 1 };
  for (let i = 0; i < 13; i++) {
    months.push(formatDay(day));
    day = { ...addDays(day, -1), day: 1 };
  }
  await tx
    .insert(sourceSpend)
    .values(
      DEMO_SOURCES.flatMap(({ name, monthlyCents }) =>
        months.map((month) => ({ sourceId: idOf(name), month, amountCents: monthlyCents })),
      ),
    );
}
