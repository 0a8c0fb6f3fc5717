import { expect, it } from "vitest";
import { DEFAULT_NIGHT_WATCH } from "~/lib/night-watch/clock-rules";
import { listLeadActivity } from "~/server/activity/activity.server";
import { setLeadStatus } from "~/server/leads/lead-lifecycle.server";
import { listNeedsAttention } from "~/server/night-watch/alerts.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import {
  alertsOf,
  later,
  locksmithsFor,
  ON_CALL_PHONE,
  operatorTextsOf,
  testZip,
  watchDeps,
  watchSettings,
} from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { sweepClockRules } from "./clock-rules-sweep.server";
import { fireDueTimers } from "./timer-worker.server";

const MINUTE = 60_000;

describeEachDatabase("clock rules", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const settings = watchSettings({ mode: "off" });
  const sweep = (now: Date, onCall = settings.onCall) =>
    db().transaction((tx) =>
      sweepClockRules(tx, { texts: configuredTexts(), settings: { ...settings, onCall }, now }),
    );
  const timeline = async (leadId: string) =>
    (await listLeadActivity(db(), leadId)).map((entry) => entry.action).reverse();

  it("a New request untouched for 2 minutes: one alert, one text, on the timeline; cleared by a dispatch", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Ann Ames"]);
    const lead = await w.lead();
    const t0 = lead.createdAt;
    await sweep(later(t0, 1.5 * MINUTE));
    expect(await alertsOf(db(), lead.id)).toEqual([]);
    await sweep(later(t0, 2 * MINUTE + 1));
    // The alert starts the lead's escalation ladder: its first rung is the on-call operator.
    await fireDueTimers(
      watchDeps(db(), () => settings),
      { now: later(t0, 2 * MINUTE + 2) },
    );
    await sweep(later(t0, 3 * MINUTE));
    const [alert, ...more] = await alertsOf(db(), lead.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: "new_untouched", clearedAt: null });
    expect(alert!.since.getTime()).toBe(t0.getTime() + 2 * MINUTE);
    const texts = await operatorTextsOf(db(), lead.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ toPhone: ON_CALL_PHONE, status: "queued" });
    expect(texts[0]!.body).toContain("New request untouched for 2 min");
    const queue = await listNeedsAttention(db());
    expect(queue.find((item) => item.leadId === lead.id)).toMatchObject({
      rule: "new_untouched",
      leadName: "Ann Lee",
    });

    await w.dispatch(lead.id, smith!.id);
    await sweep(later(t0, 3.5 * MINUTE));
    const [cleared] = await alertsOf(db(), lead.id);
    expect(cleared!.clearedAt).not.toBeNull();
    expect(
      (await listNeedsAttention(db())).some(
        (item) => item.leadId === lead.id && item.rule === "new_untouched",
      ),
    ).toBe(false);
    expect(await timeline(lead.id)).toEqual(
      expect.arrayContaining(["alert_raised", "dispatched", "alert_cleared"]),
    );
  });

  it("accepted without On my way, then an ETA that passes, then arrived and not completed", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Bo Birch"]);
    const lead = await w.lead();
    const t0 = new Date();
    const dispatch = await w.dispatch(lead.id, smith!.id, {}, t0);
    const token = w.tokenOf(dispatch);
    await w.act(token, { intent: "accept" }, later(t0, MINUTE));
    await sweep(later(t0, 10 * MINUTE));
    expect(await alertsOf(db(), lead.id)).toEqual([]);
    await sweep(later(t0, 11 * MINUTE));
    expect(await alertsOf(db(), lead.id)).toMatchObject([{ rule: "not_on_the_way" }]);

    await w.act(token, { intent: "on_my_way", minutes: 15 }, later(t0, 12 * MINUTE));
    await sweep(later(t0, 13 * MINUTE));
    await sweep(later(t0, 33 * MINUTE));
    const rules = async () =>
      (await alertsOf(db(), lead.id)).map((row) => [row.rule, row.clearedAt === null]);
    expect(await rules()).toEqual([
      ["not_on_the_way", false],
      ["eta_passed", true],
    ]);

    await w.act(token, { intent: "arrived" }, later(t0, 35 * MINUTE));
    await sweep(later(t0, 36 * MINUTE));
    await sweep(later(t0, 36 * MINUTE + DEFAULT_NIGHT_WATCH.notCompletedMinutes * MINUTE));
    expect(await rules()).toEqual([
      ["not_on_the_way", false],
      ["eta_passed", false],
      ["not_completed", true],
    ]);
  });

  it("without an on-call phone the alert still shows in the back office, and nothing is texted", async () => {
    const lead = await w.lead();
    await sweep(later(lead.createdAt, 5 * MINUTE), { name: null, phone: null });
    expect(await alertsOf(db(), lead.id)).toMatchObject([{ rule: "new_untouched" }]);
    expect(await operatorTextsOf(db(), lead.id)).toEqual([]);
    const [entry] = await listLeadActivity(db(), lead.id);
    expect(entry).toMatchObject({ action: "alert_raised", actorName: "Night watch" });
  });

  it("a closed lead's alert clears", async () => {
    const lead = await w.lead();
    await sweep(later(lead.createdAt, 5 * MINUTE));
    await setLeadStatus(db(), lead.id, "cancelled", TEST_ACTOR);
    await sweep(later(lead.createdAt, 6 * MINUTE));
    const [alert] = await alertsOf(db(), lead.id);
    expect(alert!.clearedAt).not.toBeNull();
  });
});
