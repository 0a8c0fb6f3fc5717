import { and, desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { NEEDS_CLOSING_HOURS_INVALID, nightWatchPageSchema } from "~/lib/schemas/night-watch";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { readLeadPage } from "../screens/lead-page.server";
import { readNeedsClosingHours, saveNeedsClosingHours } from "./needs-closing.server";

const HOUR = 3_600_000;

/*
 * "Needs closing" set in Settings → Night watch (issue 45): whole hours from 1 to 72, kept
 * with the change in the activity log; the lead page flags its live job past it, as Jobs does.
 */
describeEachDatabase("needs closing: the setting and the lead page's flag", (t) => {
  const w = dispatchWorld(() => t.handle.db);

  it("takes whole hours from 1 to 72 and refuses the rest by the field", () => {
    const parse = (hours: string) =>
      nightWatchPageSchema.safeParse({ intent: "needs_closing", hours });
    expect(parse("1").data).toEqual({ intent: "needs_closing", hours: 1 });
    expect(parse("72").data).toEqual({ intent: "needs_closing", hours: 72 });
    expect(parse("").data).toEqual({ intent: "needs_closing", hours: 12 });
    for (const bad of ["0", "73", "1.5", "twelve"]) {
      expect(parse(bad).error?.issues).toEqual([
        expect.objectContaining({ path: ["hours"], message: NEEDS_CLOSING_HOURS_INVALID }),
      ]);
    }
    expect(NEEDS_CLOSING_HOURS_INVALID).toBe("Needs closing after: enter whole hours from 1 to 72");
  });

  it("the lead page flags a live job with no progress past the setting; a longer setting, logged, lifts it", async () => {
    const db = t.handle.db;
    const smith = await w.locksmith("Lead Page Closing Smith");
    const lead = await w.lead();
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    const hoursOn = (hours: number) => new Date(Date.now() + hours * HOUR);

    expect((await readLeadPage(db, lead.id, hoursOn(11)))!.lead.needsClosingSince).toBeNull();
    const since = (await readLeadPage(db, lead.id, hoursOn(13)))!.lead.needsClosingSince;
    expect(since).toBeInstanceOf(Date);
    expect(since!.getTime()).toBeLessThanOrEqual(Date.now());

    await saveNeedsClosingHours(db, 24, TEST_ACTOR);
    expect(await readNeedsClosingHours(db)).toBe(24);
    expect((await readLeadPage(db, lead.id, hoursOn(13)))!.lead.needsClosingSince).toBeNull();
    expect((await readLeadPage(db, lead.id, hoursOn(25)))!.lead.needsClosingSince).toEqual(since);
    const [logged] = await db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityId, "needs_closing_hours"),
          eq(activityLog.action, "needs_closing_changed"),
        ),
      )
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(logged).toMatchObject({ before: { hours: 12 }, after: { hours: 24 } });

    await saveNeedsClosingHours(db, 12, TEST_ACTOR);
  });
});
