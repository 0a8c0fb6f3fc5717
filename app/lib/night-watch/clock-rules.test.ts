import { describe, expect, it } from "vitest";
import {
  alertRuleText,
  autoOffersOnAt,
  brokenRules,
  chicagoClock,
  DEFAULT_NIGHT_WATCH,
  refusalStillWaits,
  type LeadFacts,
} from "./clock-rules";

const T0 = new Date("2026-11-26T03:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const settings = DEFAULT_NIGHT_WATCH;

const newLead: LeadFacts = { status: "new", newSince: T0, live: null, autoDispatch: null };
const live = (state: NonNullable<LeadFacts["live"]>["state"], extra = {}): LeadFacts => ({
  status: "in_progress",
  newSince: T0,
  autoDispatch: null,
  live: {
    state,
    createdAt: T0,
    expiresAt: at(120),
    acceptedAt: null,
    onTheWayAt: null,
    etaMinutes: null,
    etaGivenAt: null,
    arrivedAt: null,
    ...extra,
  },
});

describe("brokenRules", () => {
  it("a New request breaks 'untouched' at its limit, not a moment before", () => {
    expect(brokenRules(newLead, settings, at(1.99))).toEqual([]);
    expect(brokenRules(newLead, settings, at(2))).toEqual([
      { rule: "new_untouched", since: at(2) },
    ]);
  });

  it("a running chain of automatic offers still wakes a person at the untouched limit from its start; an escalated one is an alert at once", () => {
    // Offers and wake-ups run side by side (issue 46): however many offers are left.
    const chain = { ...newLead, autoDispatch: "running" as const, autoDispatchStartedAt: at(1) };
    expect(brokenRules(chain, settings, at(2.9))).toEqual([]);
    expect(brokenRules(chain, settings, at(3))).toEqual([{ rule: "new_untouched", since: at(3) }]);
    const offered = { ...live("offered"), autoDispatch: "running" as const };
    expect(brokenRules({ ...offered, autoDispatchStartedAt: T0 }, settings, at(2))).toEqual([
      { rule: "new_untouched", since: at(2) },
    ]);
    expect(brokenRules({ ...newLead, autoDispatch: "escalated" }, settings, at(0))).toEqual([
      { rule: "auto_offers_failed", since: T0 },
    ]);
    // The office sent someone after the escalation: nothing is left to say.
    expect(brokenRules({ ...live("offered"), autoDispatch: "escalated" }, settings, at(1))).toEqual(
      [],
    );
  });

  it("an office's offer is late after the offer timer, or its own expiry if sooner", () => {
    expect(brokenRules(live("offered"), settings, at(2.9))).toEqual([]);
    expect(brokenRules(live("offered"), settings, at(3))).toEqual([
      { rule: "offer_unanswered", since: at(3) },
    ]);
    expect(brokenRules(live("offered", { expiresAt: at(1) }), settings, at(1))).toEqual([
      { rule: "offer_unanswered", since: at(1) },
    ]);
    // An automatic offer is not late by the office's rule (the chain passes it on).
    expect(
      brokenRules({ ...live("offered"), autoDispatch: "running" }, settings, at(9)).map(
        (broken) => broken.rule,
      ),
    ).toEqual(["new_untouched"]);
  });

  it("accepted without 'On my way', an ETA passed, arrived but not completed", () => {
    const accepted = live("accepted", { acceptedAt: at(5) });
    expect(brokenRules(accepted, settings, at(14))).toEqual([]);
    expect(brokenRules(accepted, settings, at(15))).toEqual([
      { rule: "not_on_the_way", since: at(15) },
    ]);
    const onTheWay = live("on_the_way", { onTheWayAt: at(10), etaMinutes: 20 });
    expect(brokenRules(onTheWay, settings, at(29))).toEqual([]);
    expect(brokenRules(onTheWay, settings, at(30))).toEqual([
      { rule: "eta_passed", since: at(30) },
    ]);
    // A new estimate later moves the limit.
    const reEstimated = live("on_the_way", {
      onTheWayAt: at(10),
      etaMinutes: 15,
      etaGivenAt: at(25),
    });
    expect(brokenRules(reEstimated, settings, at(35))).toEqual([]);
    expect(brokenRules(reEstimated, settings, at(40))).toHaveLength(1);
    const arrived = live("arrived", { arrivedAt: at(30) });
    expect(brokenRules(arrived, settings, at(209))).toEqual([]);
    expect(brokenRules(arrived, settings, at(210))).toEqual([
      { rule: "not_completed", since: at(210) },
    ]);
  });

  it("each stage is held to its own rule, with every earlier stage's time stamped", () => {
    const stamped = {
      createdAt: T0,
      acceptedAt: at(1),
      onTheWayAt: at(2),
      etaMinutes: 10,
      etaGivenAt: at(2),
    };
    // On the way: late by the estimate, not by "On my way" (accepted long ago).
    const onTheWay = live("on_the_way", stamped);
    expect(brokenRules(onTheWay, settings, at(11))).toEqual([]);
    expect(brokenRules(onTheWay, settings, at(12))).toEqual([
      { rule: "eta_passed", since: at(12) },
    ]);
    // Arrived: not late by the estimate, only by the completion limit.
    const arrived = live("arrived", { ...stamped, arrivedAt: at(5) });
    expect(brokenRules(arrived, settings, at(184))).toEqual([]);
    expect(brokenRules(arrived, settings, at(185))).toEqual([
      { rule: "not_completed", since: at(185) },
    ]);
    // A chain of automatic offers running does not change an accepted visit's rule.
    const accepted = {
      ...live("accepted", { acceptedAt: at(1) }),
      autoDispatch: "running" as const,
    };
    expect(brokenRules(accepted, settings, at(11))).toEqual([
      { rule: "not_on_the_way", since: at(11) },
    ]);
  });

  it("an estimate older than 'On my way' does not move the limit earlier", () => {
    const stale = live("on_the_way", { onTheWayAt: at(10), etaMinutes: 20, etaGivenAt: at(0) });
    expect(brokenRules(stale, settings, at(29))).toEqual([]);
    expect(brokenRules(stale, settings, at(30))).toEqual([{ rule: "eta_passed", since: at(30) }]);
  });

  it("without an estimate or a stage's time, there is no limit to pass", () => {
    expect(brokenRules(live("on_the_way", { onTheWayAt: at(1) }), settings, at(999))).toEqual([]);
    expect(brokenRules(live("accepted"), settings, at(999))).toEqual([]);
    expect(brokenRules(live("arrived"), settings, at(999))).toEqual([]);
    // Taken by the office (Assigned) with nobody's offer live: nothing is untouched.
    expect(brokenRules({ ...newLead, status: "assigned" }, settings, at(999))).toEqual([]);
  });

  it("a closed lead breaks nothing", () => {
    expect(brokenRules({ ...newLead, status: "completed" }, settings, at(999))).toEqual([]);
    expect(brokenRules({ ...newLead, status: "cancelled" }, settings, at(999))).toEqual([]);
  });

  it("follows the configured limits", () => {
    const quick = { ...settings, newUntouchedMinutes: 1, notCompletedMinutes: 90 };
    expect(brokenRules(newLead, quick, at(1))).toHaveLength(1);
    expect(alertRuleText("not_completed", quick)).toBe("Arrived, not completed within 90 min");
    expect(alertRuleText("not_completed", settings)).toBe("Arrived, not completed within 3 h");
    expect(alertRuleText("new_untouched", quick)).toBe("New request untouched for 1 min");
    expect(alertRuleText("offer_unanswered", quick)).toBe("Offer unanswered past its timer");
    expect(alertRuleText("not_on_the_way", { ...quick, notOnTheWayMinutes: 7 })).toBe(
      'Accepted, no "On my way" within 7 min',
    );
    expect(alertRuleText("eta_passed", quick)).toBe("ETA passed, not arrived");
    expect(alertRuleText("auto_offers_failed", quick)).toBe(
      "Automatic offers found nobody: send someone",
    );
    expect(alertRuleText("quote_held", quick)).toBe(
      "A quote far from the usual price waits for your confirmation",
    );
  });

  it("starts with automatic offers off and nobody on call until the office sets them", () => {
    expect(DEFAULT_NIGHT_WATCH.autoOffers.mode).toBe("off");
    expect(DEFAULT_NIGHT_WATCH.onCall).toEqual({ name: null, phone: null });
  });

  it("a quote held for the office breaks quote_held at once, beside the visit's own rule", () => {
    const held = { ...live("arrived", { arrivedAt: T0 }), quoteHeldSince: at(5) };
    expect(brokenRules(held, settings, at(5))).toEqual([{ rule: "quote_held", since: at(5) }]);
    expect(brokenRules(held, settings, at(180)).map((broken) => broken.rule)).toEqual([
      "quote_held",
      "not_completed",
    ]);
    expect(brokenRules({ ...held, quoteHeldSince: null }, settings, at(5))).toEqual([]);
    expect(brokenRules({ ...held, status: "cancelled" }, settings, at(5))).toEqual([]);
  });
});

describe("autoOffersOnAt", () => {
  // 03:00 UTC on Nov 26 is 21:00 in Chicago (CST, UTC-6); 05:00 UTC is 23:00.
  const night = { ...settings.autoOffers, mode: "window" as const };
  it("reads the window in Chicago time, over midnight", () => {
    expect(chicagoClock(T0)).toBe("21:00");
    expect(chicagoClock(new Date("2026-11-26T12:59:00Z"))).toBe("06:59");
    expect(autoOffersOnAt(night, new Date("2026-11-26T04:00:00Z"))).toBe(true); // 22:00
    expect(autoOffersOnAt(night, T0)).toBe(false);
    expect(autoOffersOnAt(night, new Date("2026-11-26T05:00:00Z"))).toBe(true);
    expect(autoOffersOnAt(night, new Date("2026-11-26T12:59:00Z"))).toBe(true); // 06:59
    expect(autoOffersOnAt(night, new Date("2026-11-26T13:00:00Z"))).toBe(false); // 07:00
  });

  it("a daytime window, all day, always and off", () => {
    const day = { ...night, from: "08:00", to: "17:00" };
    expect(autoOffersOnAt(day, new Date("2026-11-26T15:00:00Z"))).toBe(true); // 09:00
    expect(autoOffersOnAt(day, T0)).toBe(false);
    expect(autoOffersOnAt(day, new Date("2026-11-26T14:00:00Z"))).toBe(true); // 08:00
    expect(autoOffersOnAt(day, new Date("2026-11-26T13:59:00Z"))).toBe(false); // 07:59
    expect(autoOffersOnAt(day, new Date("2026-11-26T23:00:00Z"))).toBe(false); // 17:00
    expect(autoOffersOnAt(day, new Date("2026-11-26T22:59:00Z"))).toBe(true); // 16:59
    expect(autoOffersOnAt({ ...night, from: "00:00", to: "00:00" }, T0)).toBe(true);
    expect(autoOffersOnAt({ ...night, mode: "always" }, T0)).toBe(true);
    expect(autoOffersOnAt({ ...night, mode: "off" }, new Date("2026-11-26T05:00:00Z"))).toBe(false);
  });
});

describe("refusalStillWaits", () => {
  const raisedAt = new Date("2026-11-29T03:00:00Z");
  const alert = { rule: "door_refused" as const, raisedAt };
  const hoursLater = (hours: number) => new Date(raisedAt.getTime() + hours * 3_600_000);

  it("keeps a refusal at the door in the queue while its lead stays closed, for 12 hours", () => {
    expect(refusalStillWaits(alert, "cancelled", hoursLater(0.01))).toBe(true);
    expect(refusalStillWaits(alert, "cancelled", hoursLater(11.9))).toBe(true);
    expect(refusalStillWaits(alert, "cancelled", hoursLater(12))).toBe(false);
  });

  it("lets it go once the office reopens the lead, and never holds another rule", () => {
    expect(refusalStillWaits(alert, "new", hoursLater(1))).toBe(false);
    expect(refusalStillWaits({ ...alert, rule: "eta_passed" }, "cancelled", hoursLater(1))).toBe(
      false,
    );
  });
});
