import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { ServiceType } from "~/lib/business-enums";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { leads } from "../db/business-tables.server";
import { createLead } from "../leads/leads.server";
import { lastDaysPeriod } from "~/lib/time/chicago-period";
import { readArrivalGroups, readSitePromises } from "./site-promises.server";

const MINUTE = 60_000;
const DAY = 86_400_000;

/*
 * Hand-worked, through the job page as locksmiths tap it (request → arrived):
 *   emergency, Chicago (60629): 12 min     emergency, Oak Lawn (60453): 35 min
 *   rekeying, Chicago (60629):  20 min     emergency, Chicago: nobody arrived
 *   emergency, Chicago, 91 days ago: 5 min (outside the 90 days)
 * Average (12 + 35 + 20) / 3 = 22.3 → 22 over 3; emergency 1 of 2 within 30 = 50 %, p90 35;
 * Chicago 12 20: median 16, p90 20, 1 of 2 within Chicago's 15 = 50 %; suburbs 35: median
 * and p90 35, none within the suburbs' 20.
 */
describeEachDatabase("Settings → Site promises", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  // A window of the test's own, far from other tests' leads.
  const now = new Date("2031-03-01T18:00:00Z");

  async function arrivedAfter(
    at: Date,
    zip: string,
    serviceType: ServiceType,
    waited: number | null,
  ) {
    const lead = await createLead(
      db(),
      { name: "Ann Lee", phone: uniquePhone(), serviceType, zip, address: "1 Main St" },
      TEST_ACTOR,
    );
    await db().update(leads).set({ createdAt: at }).where(eq(leads.id, lead.id));
    const smith = await w.locksmith(`Smith ${zip}`);
    const token = w.tokenOf(
      await w.dispatch(lead.id, smith.id, {}, new Date(at.getTime() + MINUTE)),
    );
    if (waited === null) return;
    await w.act(token, { intent: "accept" }, new Date(at.getTime() + 2 * MINUTE));
    await w.act(token, { intent: "on_my_way", minutes: 10 }, new Date(at.getTime() + 3 * MINUTE));
    await w.act(token, { intent: "arrived" }, new Date(at.getTime() + waited * MINUTE));
  }

  it("each arrival claim beside the last 90 days' measure, flagged where it differs", async () => {
    const day = (ago: number) => new Date(now.getTime() - ago * DAY);
    await arrivedAfter(day(3), "60629", "emergency", 12);
    await arrivedAfter(day(10), "60453", "emergency", 35);
    await arrivedAfter(day(20), "60629", "rekeying", 20);
    await arrivedAfter(day(30), "60629", "emergency", null);
    await arrivedAfter(day(91), "60629", "emergency", 5);
    expect(await readSitePromises(db(), now)).toEqual([
      {
        claim: "Site: average arrival 15 minutes",
        measured: "measured: 22 minutes over 3 jobs",
        kept: false,
      },
      {
        claim: "Site: emergency lockouts never more than 30 minutes",
        measured: "measured: 50% of 2 emergency arrivals within 30 minutes, p90 35 minutes",
        kept: false,
      },
      {
        claim: "Site: Chicago neighborhoods 10–15 minutes",
        measured: "measured: median 16 minutes, p90 20 minutes over 2 jobs, 50% within 15",
        kept: false,
      },
      {
        claim: "Site: suburbs 15–20 minutes",
        measured: "measured: median 35 minutes, p90 35 minutes over 1 job, 0% within 20",
        kept: false,
      },
    ]);
    // Reports, for the same 90 days: each group's figures.
    const groups = await readArrivalGroups(db(), lastDaysPeriod(now, 90));
    expect(
      groups.map(({ label, promise, figures }) => [
        label,
        promise,
        figures.arrivals,
        figures.withinShare,
        figures.medianMinutes,
        figures.p90Minutes,
      ]),
    ).toEqual([
      ["All requests", 30, 3, 2 / 3, 20, 35],
      ["Emergency lockouts", 30, 2, 0.5, 23.5, 35],
      ["Chicago neighborhoods", 15, 2, 0.5, 16, 20],
      ["Suburbs", 20, 1, 0, 35, 35],
    ]);
  });
});
