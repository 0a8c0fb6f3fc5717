import { expect, it } from "vitest";
import { listLeadActivity } from "~/server/activity/activity.server";
import type { NightWatchSettings } from "~/lib/night-watch/clock-rules";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { FakeTwilio } from "../../../tests/helpers/fake-twilio";
import {
  later,
  locksmithsFor,
  ON_CALL_PHONE,
  offersOf,
  operatorTextsOf,
  saveWatchSettings,
  testZip,
  watchDeps,
  watchSettings,
  webRequest,
} from "../../../tests/helpers/night-watch";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { recordIncomingText } from "../texting/delivery-reports.server";
import { storeWebRequest } from "../leads/service-requests.server";
import { sweepClockRules } from "./clock-rules-sweep.server";
import { stopLadder } from "./ladder-stop.server";
import { fireDueTimers } from "./timer-worker.server";

/*
 * The escalation ladder (issue 46, decision 0051) on both databases, on a simulated clock:
 * the on-call operator at the untouched limit, the backup one interval later, then the
 * owner; stopped by opening, dispatching or a texted answer; restarted by the customer.
 */

const MINUTE = 60_000;
const BACKUP = { name: "Ray", phone: "+17735550102", push: false, text: true, call: true };
const OWNER = { name: "Olga", phone: "+17735550103", push: false, text: true, call: false };

describeEachDatabase("the escalation ladder", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const fake = new FakeTwilio();
  let settings: NightWatchSettings;

  const setUp = async (
    mode: "off" | "always",
    ladder: Partial<NightWatchSettings["ladder"]> = {},
  ) => {
    const base = watchSettings({ mode, offerSeconds: 180, maxOffers: 3 });
    settings = {
      ...base,
      ladder: { ...base.ladder, everyMinutes: 3, rounds: 1, backups: [BACKUP, OWNER], ...ladder },
    };
    await saveWatchSettings(db(), settings);
    const zip = testZip();
    await locksmithsFor(db(), zip, ["Ann Ames", "Bo Birch", "Cy Cole", "Di Dunn"]);
    const lead = await webRequest(db(), zip);
    return { lead, t0: lead.createdAt };
  };

  /** What happens by `now`: timers due, and the clock rules (as the recurring timer would). */
  const tick = async (now: Date) => {
    const deps = watchDeps(db(), () => settings, { fakeTwilio: fake });
    await fireDueTimers(deps, { now });
    await db().transaction((tx) =>
      sweepClockRules(tx, { texts: configuredTexts(), settings, now }),
    );
    // The alert's ladder, then a rung's call: each a timer of its own.
    await fireDueTimers(deps, { now });
    await fireDueTimers(deps, { now });
  };

  /** Walks the clock second by second (every 5 s) from `from` to `to`. */
  const walk = async (from: Date, to: Date) => {
    for (let at = from.getTime(); at <= to.getTime(); at += 5_000) await tick(new Date(at));
  };

  const wokenPhones = async (leadId: string) =>
    (await operatorTextsOf(db(), leadId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((text) => text.toPhone);

  const actions = async (leadId: string) =>
    (await listLeadActivity(db(), leadId)).map((entry) => entry.action).reverse();

  it("offers off: the on-call operator at 2 minutes, the backup 3 minutes later, then the owner, then it stops", async () => {
    const { lead, t0 } = await setUp("off");
    const callsBefore = fake.calls.length;
    await walk(later(t0, 5_000), later(t0, 2 * MINUTE - 5_000));
    expect(await wokenPhones(lead.id)).toEqual([]);
    await walk(later(t0, 2 * MINUTE), later(t0, 2 * MINUTE + 10_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
    expect(fake.calls.slice(callsBefore).map((call) => call.to)).toEqual([ON_CALL_PHONE]);
    await tick(later(t0, 5 * MINUTE - 5_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
    await tick(later(t0, 5 * MINUTE + 5_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE, BACKUP.phone]);
    expect(fake.calls.slice(callsBefore).map((call) => call.to)).toEqual([
      ON_CALL_PHONE,
      BACKUP.phone,
    ]);
    await tick(later(t0, 8 * MINUTE + 10_000));
    // The owner is texted only (no call ticked for her).
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE, BACKUP.phone, OWNER.phone]);
    expect(fake.calls.slice(callsBefore)).toHaveLength(2);
    await tick(later(t0, 20 * MINUTE));
    expect(await wokenPhones(lead.id)).toHaveLength(3);
    expect(await actions(lead.id)).toEqual(
      expect.arrayContaining(["alert_raised", "ladder_woke", "ladder_stopped"]),
    );
  });

  it("offers on (180 s × 3): a person is woken at 2 minutes while the offers still run", async () => {
    const { lead, t0 } = await setUp("always");
    await walk(later(t0, 5_000), later(t0, 2 * MINUTE + 5_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((offer) => offer.state)).toEqual(["offered"]);
  });

  it("stops when the lead is opened, and when it is dispatched", async () => {
    const { lead, t0 } = await setUp("off");
    await walk(later(t0, 2 * MINUTE), later(t0, 2 * MINUTE + 5_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
    await stopLadder(db(), lead.id, "opened", TEST_ACTOR);
    await tick(later(t0, 12 * MINUTE));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
    expect(await actions(lead.id)).toContain("ladder_stopped");

    const other = await setUp("off");
    const [smith] = await locksmithsFor(db(), testZip(), ["Eve Eads"]);
    await walk(later(other.t0, 2 * MINUTE), later(other.t0, 2 * MINUTE + 5_000));
    await w.dispatch(other.lead.id, smith!.id);
    await tick(later(other.t0, 12 * MINUTE));
    expect(await wokenPhones(other.lead.id)).toEqual([ON_CALL_PHONE]);
  });

  it("an answer texted back by someone it woke stops it", async () => {
    const { lead, t0 } = await setUp("off");
    await walk(later(t0, 2 * MINUTE), later(t0, 2 * MINUTE + 5_000));
    await recordIncomingText(db(), {
      from: ON_CALL_PHONE,
      body: "on it",
      sid: `SM${uniquePhone()}`,
    });
    await tick(later(t0, 12 * MINUTE));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
  });

  it("the customer's text reply while waiting restarts it at once, from the on-call operator", async () => {
    const { lead, t0 } = await setUp("off");
    await walk(later(t0, 2 * MINUTE), later(t0, 2 * MINUTE + 5_000));
    await tick(later(t0, 5 * MINUTE + 5_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE, BACKUP.phone]);
    await recordIncomingText(db(), {
      from: lead.phone,
      body: "STILL WAITING, freezing",
      sid: `SM${uniquePhone()}`,
    });
    await tick(later(t0, 5 * MINUTE + 10_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE, BACKUP.phone, ON_CALL_PHONE]);
    expect(await actions(lead.id)).toContain("ladder_restarted");
  });

  it("a repeat web request, even before the first wake-up, starts it at once", async () => {
    const { lead, t0 } = await setUp("off");
    await storeWebRequest(db(), {
      name: "Night Caller",
      phone: lead.phone,
      serviceType: "automotive",
      zip: lead.zip!,
      address: lead.address ?? undefined,
      details: "STILL WAITING",
    });
    await tick(later(t0, 30_000));
    expect(await wokenPhones(lead.id)).toEqual([ON_CALL_PHONE]);
  });
});
