import { expect, it } from "vitest";
import type { ServiceType } from "~/lib/business-enums";
import { listLeadActivity } from "~/server/activity/activity.server";
import { createLead } from "~/server/leads/leads.server";
import { sweepClockRules } from "~/server/night-watch/clock-rules-sweep.server";
import { listNeedsAttention } from "~/server/night-watch/alerts.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import {
  alertsOf,
  later,
  locksmithsFor,
  ON_CALL_PHONE,
  operatorTextsOf,
  saveWatchSettings,
  testZip,
  watchSettings,
} from "../../../tests/helpers/night-watch";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { RuleError } from "../rule-error.server";

const MINUTE = 60_000;

/*
 * The site's arrival promise kept or told (issue 45): an emergency estimate over 30 minutes
 * needs a reason and alerts the on-call person with the next nearest free locksmith; an
 * estimate that passes without "arrived" alerts the office and tells the customer, once.
 */
describeEachDatabase("arrival promises", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const settings = watchSettings({ mode: "off" });
  const sweep = (now: Date) =>
    db().transaction((tx) => sweepClockRules(tx, { texts: configuredTexts(), settings, now }));

  /** A request in a ZIP of the test's own, its locksmiths, the first one on the job. */
  async function onTheJob(
    options: { serviceType?: ServiceType; consent?: boolean; names?: string[]; zip?: string } = {},
  ) {
    // The on-call person the job page's alert wakes (Settings → Night watch).
    await saveWatchSettings(db(), settings);
    const zip = options.zip ?? testZip();
    const smiths = await locksmithsFor(db(), zip, options.names ?? ["Ann Ames", "Bo Birch"]);
    const lead = await createLead(
      db(),
      {
        name: "Cara Diaz",
        phone: uniquePhone(),
        serviceType: options.serviceType ?? "emergency",
        zip,
        address: "6118 S Pulaski Rd",
        details: "Child seat in the car, keys inside",
        textConsent: options.consent ?? true,
      },
      TEST_ACTOR,
    );
    const t0 = new Date();
    const token = w.tokenOf(await w.dispatch(lead.id, smiths[0]!.id, {}, t0));
    await w.act(token, { intent: "accept" }, later(t0, MINUTE));
    return { lead, token, t0, smiths };
  }
  const customerTexts = async (leadId: string, purpose: string) =>
    (await w.textsOf(leadId)).filter((row) => row.purpose === purpose);
  const openRules = async (leadId: string) =>
    (await alertsOf(db(), leadId)).filter((a) => a.clearedAt === null).map((a) => a.rule);

  it("a 90-minute emergency estimate without a reason is refused by the reason field, and changes nothing", async () => {
    const { lead, token, t0 } = await onTheJob();
    const refused = await w
      .act(token, { intent: "on_my_way", minutes: 90 }, later(t0, 2 * MINUTE))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RuleError);
    expect(refused).toMatchObject({
      field: "lateReason",
      message:
        "Emergencies are promised within 30 minutes: say why you need 90. The office is told and may send someone nearer.",
    });
    expect(await w.page(token)).toMatchObject({
      stage: "accepted",
      etaMinutes: null,
      promisedMinutes: 30,
    });
    expect(await customerTexts(lead.id, "customer_on_the_way")).toEqual([]);
    expect(await alertsOf(db(), lead.id)).toEqual([]);
  });

  it("with a reason it goes: the timeline keeps the reason, the on-call person is texted with the next nearest free locksmith", async () => {
    const { lead, token, t0 } = await onTheJob();
    const at = later(t0, 2 * MINUTE);
    expect(
      await w.act(
        token,
        { intent: "on_my_way", minutes: 90, lateReason: "Crash on the Dan Ryan, all lanes shut" },
        at,
      ),
    ).toBe("on_my_way");
    expect((await customerTexts(lead.id, "customer_on_the_way"))[0]?.body).toContain(
      "about 90 minutes out",
    );
    const [alert] = await alertsOf(db(), lead.id);
    expect(alert).toMatchObject({ rule: "eta_over_promise", clearedAt: null });
    expect(alert!.since.getTime()).toBe(at.getTime());
    const [told, ...more] = await operatorTextsOf(db(), lead.id);
    expect(more).toEqual([]);
    expect(told).toMatchObject({ toPhone: ON_CALL_PHONE });
    expect(told!.body).toContain(
      'Emergency estimate over the arrival promise: send someone nearer?: 90 min estimate, 30 promised: "Crash on the Dan Ryan, all lanes shut". Next nearest free: Bo Birch',
    );
    const queue = await listNeedsAttention(db());
    expect(queue.find((item) => item.leadId === lead.id)).toMatchObject({
      rule: "eta_over_promise",
      ruleText: "Emergency estimate over the arrival promise: send someone nearer?",
    });
    const onTheWay = (await listLeadActivity(db(), lead.id)).find(
      (entry) => entry.action === "locksmith_on_the_way",
    );
    expect(onTheWay?.after).toMatchObject({
      minutes: 90,
      promisedMinutes: 30,
      lateReason: "Crash on the Dan Ryan, all lanes shut",
    });

    // The sweep holds it while the estimate stands, and clears it once one keeps the promise.
    await sweep(later(t0, 3 * MINUTE));
    expect(await openRules(lead.id)).toEqual(["eta_over_promise"]);
    await w.act(token, { intent: "on_my_way", minutes: 20 }, later(t0, 4 * MINUTE));
    await sweep(later(t0, 5 * MINUTE));
    expect(await openRules(lead.id)).toEqual([]);
    expect(await operatorTextsOf(db(), lead.id)).toHaveLength(1);
  });

  it("holds an emergency in Chicago to 15 minutes and one in the suburbs to 20, as their city pages promise", async () => {
    // Ashburn (60652) is a Chicago neighborhood: 15 goes quietly, 20 asks why.
    const chicago = await onTheJob({ zip: "60652" });
    expect(await w.page(chicago.token)).toMatchObject({ promisedMinutes: 15 });
    const refused = await w
      .act(chicago.token, { intent: "on_my_way", minutes: 20 }, later(chicago.t0, 2 * MINUTE))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      field: "lateReason",
      message:
        "Emergencies in Chicago are promised within 15 minutes: say why you need 20. The office is told and may send someone nearer.",
    });
    await w.act(
      chicago.token,
      { intent: "on_my_way", minutes: 20, lateReason: "Bridge up on Cicero" },
      later(chicago.t0, 2 * MINUTE),
    );
    const [told] = await operatorTextsOf(db(), chicago.lead.id);
    expect(told!.body).toContain('20 min estimate, 15 promised: "Bridge up on Cicero".');
    expect(
      (await listLeadActivity(db(), chicago.lead.id)).find(
        (entry) => entry.action === "locksmith_on_the_way",
      )?.after,
    ).toMatchObject({ minutes: 20, promisedMinutes: 15 });
    // The sweep holds the alert while 20 stands in Chicago, and clears it at 15.
    await sweep(later(chicago.t0, 3 * MINUTE));
    expect(await openRules(chicago.lead.id)).toEqual(["eta_over_promise"]);
    await w.act(chicago.token, { intent: "on_my_way", minutes: 15 }, later(chicago.t0, 4 * MINUTE));
    await sweep(later(chicago.t0, 5 * MINUTE));
    expect(await openRules(chicago.lead.id)).toEqual([]);

    // Worth (60482) is a suburb: 20 keeps the promise, 21 asks why.
    const suburb = await onTheJob({ zip: "60482" });
    expect(
      await w.act(suburb.token, { intent: "on_my_way", minutes: 20 }, later(suburb.t0, 2 * MINUTE)),
    ).toBe("on_my_way");
    expect(await alertsOf(db(), suburb.lead.id)).toEqual([]);
    const later21 = await w
      .act(suburb.token, { intent: "on_my_way", minutes: 21 }, later(suburb.t0, 3 * MINUTE))
      .catch((error: unknown) => error);
    expect(later21).toMatchObject({
      field: "lateReason",
      message:
        "Emergencies in the suburbs are promised within 20 minutes: say why you need 21. The office is told and may send someone nearer.",
    });
  });

  it("names nobody when no other locksmith is free", async () => {
    const { lead, token, t0 } = await onTheJob({ names: ["Ann Ames"] });
    await w.act(
      token,
      { intent: "on_my_way", minutes: 45, lateReason: "Far" },
      later(t0, 2 * MINUTE),
    );
    const [told] = await operatorTextsOf(db(), lead.id);
    expect(told!.body).toContain('45 min estimate, 30 promised: "Far". No other locksmith is free');
  });

  it("30 minutes for an emergency, or 90 for a rekey, asks nothing and alerts nobody", async () => {
    const emergency = await onTheJob();
    await w.act(
      emergency.token,
      { intent: "on_my_way", minutes: 30 },
      later(emergency.t0, 2 * MINUTE),
    );
    const rekey = await onTheJob({ serviceType: "rekeying" });
    expect(await w.page(rekey.token)).toMatchObject({ promisedMinutes: null });
    await w.act(rekey.token, { intent: "on_my_way", minutes: 90 }, later(rekey.t0, 2 * MINUTE));
    for (const { lead, t0 } of [emergency, rekey]) {
      await sweep(later(t0, 3 * MINUTE));
      expect(await alertsOf(db(), lead.id)).toEqual([]);
    }
  });

  it("an estimate that passes without arrived: the office is alerted and the customer told once", async () => {
    const { lead, token, t0 } = await onTheJob();
    await w.act(token, { intent: "on_my_way", minutes: 20 }, later(t0, 2 * MINUTE));
    await sweep(later(t0, 21 * MINUTE));
    expect(await customerTexts(lead.id, "customer_running_late")).toEqual([]);
    await sweep(later(t0, 22 * MINUTE + 1));
    expect(await openRules(lead.id)).toEqual(["eta_passed"]);
    const [late, ...more] = await customerTexts(lead.id, "customer_running_late");
    expect(more).toEqual([]);
    expect(late!.body).toContain(
      "Lockline: Ann Ames is running late, sorry. We are on it and will keep you posted. Questions? Call (708) 555-0100.",
    );
    expect(late!.body).toMatch(/Follow your request: https:\/\/lockline\.test\//);

    // A new estimate clears the alert; when it passes too, the office hears again, the
    // customer (told already about this locksmith) does not.
    await w.act(token, { intent: "on_my_way", minutes: 5 }, later(t0, 23 * MINUTE));
    await sweep(later(t0, 24 * MINUTE));
    expect(await openRules(lead.id)).toEqual([]);
    await sweep(later(t0, 30 * MINUTE));
    expect(await openRules(lead.id)).toEqual(["eta_passed"]);
    expect(await customerTexts(lead.id, "customer_running_late")).toHaveLength(1);
    const actions = (await listLeadActivity(db(), lead.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === "customer_told_running_late")).toHaveLength(1);
  });

  it("a customer without the texts agreement is not texted; the timeline says so", async () => {
    const { lead, token, t0 } = await onTheJob({ consent: false });
    await w.act(token, { intent: "on_my_way", minutes: 10 }, later(t0, 2 * MINUTE));
    await sweep(later(t0, 13 * MINUTE));
    expect(await openRules(lead.id)).toEqual(["eta_passed"]);
    expect(await customerTexts(lead.id, "customer_running_late")).toEqual([]);
    const told = (await listLeadActivity(db(), lead.id)).find(
      (entry) => entry.action === "customer_told_running_late",
    );
    expect(told?.after).toMatchObject({ customerTexted: false });
  });
});
