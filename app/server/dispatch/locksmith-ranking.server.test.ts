import { expect, it } from "vitest";
import { DEFAULT_EXPIRATION_HOURS } from "~/lib/dispatch/dispatch-code";
import { licenseDayLabel, licenseToday } from "~/lib/locksmiths/license";
import { addDays, formatDay, parseDay } from "~/lib/time/chicago-period";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { listNeedsClosing } from "./needs-closing.server";
import { readJobListItem } from "../money/jobs.server";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { setLocksmithPresence } from "../locksmiths/locksmith-roster.server";
import { locateZip, rankLocksmithsForLead, readLeadRanking } from "./locksmith-ranking.server";
import { createLocksmith, setLocksmithActive } from "../locksmiths/locksmiths.server";
import { OFFICE_OFFER_MINUTES } from "~/lib/dispatch/offer-deadline";

const daysFrom = (day: string, days: number) => formatDay(addDays(parseDay(day)!, days));

describeEachDatabase("ranking locksmiths for a lead", (t) => {
  const w = dispatchWorld(() => t.handle.db);

  /** The ranking, for these locksmiths only (the suite's database is shared by its tests). */
  async function rank(leadId: string, ids: string[], now?: Date) {
    const ranked = await rankLocksmithsForLead(t.handle.db, leadId, now);
    return ranked.filter((row) => ids.includes(row.id));
  }

  it("puts the free one first and says why the off and the busy come after", async () => {
    const free = await w.locksmith("Ranked Free");
    const off = await w.locksmith("Ranked Off");
    const busy = await w.locksmith("Ranked Busy");
    await setLocksmithPresence(t.handle.db, off.id, { presence: "off" }, TEST_ACTOR);
    await w.dispatch((await w.lead()).id, busy.id);
    const ranked = await rank((await w.lead()).id, [free.id, off.id, busy.id]);
    expect(ranked.map((row) => [row.name, row.eligible, row.availability])).toEqual([
      ["Ranked Free", true, "available"],
      ["Ranked Busy", false, "on_job"],
      ["Ranked Off", false, "off"],
    ]);
    expect(ranked[0]).toMatchObject({ covers: true, distanceMiles: 0, onCallNow: true });
    expect(ranked[0]!.why).toMatch(/^covers 60629 · free since .+ · on call$/);
    expect(ranked[1]!.why).toMatch(/^covers 60629 · on a job since .+ · on call$/);
    expect(ranked[2]!.why).toMatch(/^covers 60629 · off since .+ · on call$/);
  });

  it("counts a decline against them, and frees them from that moment", async () => {
    const steady = await w.locksmith("Steady Smith");
    const decliner = await w.locksmith("Declining Smith");
    const dispatch = await w.dispatch((await w.lead()).id, decliner.id);
    await w.act(w.tokenOf(dispatch), { intent: "decline" });
    const ranked = await rank((await w.lead()).id, [steady.id, decliner.id]);
    expect(ranked.map((row) => [row.name, row.eligible, row.recentMisses])).toEqual([
      ["Steady Smith", true, 0],
      ["Declining Smith", true, 1],
    ]);
    expect(ranked[1]!.why).toContain("1 offer declined or expired in 24 h");
    // A day later the decline no longer counts.
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const later = await rank((await w.lead()).id, [decliner.id], tomorrow);
    expect(later[0]!.recentMisses).toBe(0);
  });

  it("keeps a locksmith out of the eligible while their license on file has run out", async () => {
    const today = licenseToday();
    const lapsed = await w.locksmith("Lapsed License Smith", 60, {
      licenseNumber: "153.000777",
      licenseExpiresOn: daysFrom(today, -1),
    });
    const current = await w.locksmith("Current License Smith", 60, {
      licenseNumber: "153.000778",
      licenseExpiresOn: today,
    });
    const ranked = await rank((await w.lead()).id, [lapsed.id, current.id]);
    expect(ranked.map((row) => [row.name, row.eligible])).toEqual([
      ["Current License Smith", true],
      ["Lapsed License Smith", false],
    ]);
    expect(ranked[1]!.why).toContain(`license expired ${licenseDayLabel(daysFrom(today, -1))}`);
  });

  it("no longer counts a job with no progress for 12 hours: the office sees it needs closing", async () => {
    const smith = await w.locksmith("Forgotten Job Smith");
    const lead = await w.lead();
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    const hoursOn = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);
    const other = (await w.lead()).id;

    // Eleven hours on: still on the job, and nothing to close.
    const [busy] = await rank(other, [smith.id], hoursOn(11));
    expect(busy).toMatchObject({ availability: "on_job", eligible: false });
    expect(
      (await listNeedsClosing(t.handle.db, hoursOn(11))).map((row) => row.leadId),
    ).not.toContain(lead.id);

    // Thirteen hours on: ready again, and the office is shown the job to close.
    const [ready] = await rank(other, [smith.id], hoursOn(13));
    expect(ready).toMatchObject({ availability: "available", eligible: true });
    const toClose = await listNeedsClosing(t.handle.db, hoursOn(13));
    expect(toClose.find((row) => row.leadId === lead.id)).toMatchObject({
      locksmithName: "Forgotten Job Smith",
      state: "accepted",
    });
    // The Jobs list reads the same last progress, to flag the job past the cutoff.
    const [job] = await w.jobsOf(lead.id);
    const row = await readJobListItem(t.handle.db, job!.id);
    expect(row!.liveProgressAt).toBe(
      toClose.find((item) => item.leadId === lead.id)!.lastProgressAt.toISOString(),
    );
  });

  it("does not count an offer past its time as a job", async () => {
    const smith = await w.locksmith("Lapsed Offer Smith");
    await w.dispatch((await w.lead()).id, smith.id);
    const pastExpiry = new Date(Date.now() + (DEFAULT_EXPIRATION_HOURS + 1) * 60 * 60 * 1000);
    const [ranked] = await rank((await w.lead()).id, [smith.id], pastExpiry);
    expect(ranked).toMatchObject({ availability: "available", eligible: true });
  });

  it("holds an ignored office offer against them for its minutes only, not the code's day", async () => {
    const smith = await w.locksmith("Ignoring Smith");
    const sent = new Date();
    await w.dispatch((await w.lead()).id, smith.id, {}, sent);
    const minutes = (n: number) => new Date(sent.getTime() + n * 60_000);
    const [during] = await rank((await w.lead()).id, [smith.id], minutes(OFFICE_OFFER_MINUTES - 1));
    expect(during).toMatchObject({ availability: "on_job", eligible: false });
    const [after] = await rank((await w.lead()).id, [smith.id], minutes(OFFICE_OFFER_MINUTES));
    expect(after).toMatchObject({ availability: "available", eligible: true });
  });

  it("names who declined or let expire an offer of this very lead", async () => {
    const [decliner, sleeper, fresh] = [
      await w.locksmith("Declined Here"),
      await w.locksmith("Slept Here"),
      await w.locksmith("Fresh Here"),
    ];
    const lead = await w.lead();
    const first = await w.dispatch(lead.id, decliner.id);
    await w.act(w.tokenOf(first), { intent: "decline" });
    const sent = new Date();
    await w.dispatch(lead.id, sleeper.id, {}, sent);
    const lapsed = new Date(sent.getTime() + OFFICE_OFFER_MINUTES * 60_000);
    const ranking = await readLeadRanking(t.handle.db, lead.id, lapsed);
    const mine = (id: string) => ranking!.misses!.find((miss) => miss.locksmithId === id);
    expect(mine(decliner.id)).toEqual({ locksmithId: decliner.id, declined: 1, expired: 0 });
    expect(mine(sleeper.id)).toEqual({ locksmithId: sleeper.id, declined: 0, expired: 1 });
    expect(mine(fresh.id)).toBeUndefined();
  });

  it("starts a new locksmith Off, and ends Available with the shift they chose", async () => {
    const made = await createLocksmith(
      t.handle.db,
      {
        name: "New Shift Smith",
        phone: "(312) 555-0199",
        email: null,
        assignedZips: ["60629"],
        paymentMethod: null,
        defaultCutPercent: 60,
      },
      TEST_ACTOR,
    );
    const lead = (await w.lead()).id;
    expect((await rank(lead, [made.id]))[0]).toMatchObject({
      availability: "off",
      eligible: false,
    });
    const start = new Date();
    await setLocksmithPresence(
      t.handle.db,
      made.id,
      { presence: "available", hours: 4 },
      TEST_ACTOR,
      start,
    );
    const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);
    expect((await rank(lead, [made.id], hours(3.9)))[0]).toMatchObject({
      availability: "available",
      eligible: true,
    });
    const [lapsed] = await rank(lead, [made.id], hours(4));
    expect(lapsed).toMatchObject({ availability: "off", eligible: false, since: hours(4) });
  });

  it("leaves inactive locksmiths out, and answers nothing for a lead that is not there", async () => {
    const gone = await w.locksmith("Inactive Smith");
    await setLocksmithActive(t.handle.db, gone.id, false, TEST_ACTOR);
    expect(await rank((await w.lead()).id, [gone.id])).toEqual([]);
    expect(
      await rankLocksmithsForLead(t.handle.db, "00000000-0000-4000-8000-000000000000"),
    ).toEqual([]);
    expect(await rankLocksmithsForLead(t.handle.db, "not-an-id")).toEqual([]);
  });

  it("knows where Chicago-area ZIPs are, and nothing of made-up ones", () => {
    expect(locateZip("60473")).toEqual({ latitude: 41.5979, longitude: -87.5938 });
    expect(locateZip("60453")).toBeDefined();
    expect(locateZip("00000")).toBeUndefined();
    expect(locateZip("M5V")).toBeUndefined();
  });
});
