import { describe, expect, it } from "vitest";
import type { OnCallShift } from "./on-call";
import {
  firstChoice,
  formatMiles,
  leadMissNote,
  milesBetween,
  rankLocksmiths,
  type Locate,
  type RankCandidate,
} from "./ranking";

// Centroids as the zipcodes package has them.
const CENTROIDS: Record<string, { latitude: number; longitude: number }> = {
  "60601": { latitude: 41.8858, longitude: -87.6181 },
  "60473": { latitude: 41.5979, longitude: -87.5938 },
  "60411": { latitude: 41.5087, longitude: -87.5904 },
  "60827": { latitude: 41.6496, longitude: -87.6301 },
  "60453": { latitude: 41.7143, longitude: -87.7516 },
};
const locate: Locate = (zip) => CENTROIDS[zip];

// Wednesday 2026-11-25, 21:00 in Chicago (UTC-6).
const NOW = new Date("2026-11-26T03:00:00Z");
const at = (local: string) => new Date(`2026-11-25T${local}-06:00`);

let id = 0;
function candidate(name: string, extra: Partial<RankCandidate> = {}): RankCandidate {
  id += 1;
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    name,
    phone: "+13125550100",
    assignedZips: ["60473"],
    presence: "available",
    presenceChangedAt: at("08:00:00"),
    onCallShifts: [],
    liveSince: null,
    lastFinishedAt: null,
    recentMisses: 0,
    license: { number: "153.000123", expiresOn: "2027-02-28" },
    ...extra,
  };
}

const names = (ranked: { name: string }[]) => ranked.map((r) => r.name);
// Monday day shift only: not on call on a Wednesday night.
const DAYS_ONLY: OnCallShift[] = [{ start: 8 * 60, end: 16 * 60 }];

describe("ranking locksmiths for a lead", () => {
  it("puts covering first, then nearer, then fewer misses, then longest free", () => {
    const ranked = rankLocksmiths(
      [
        candidate("Near", { assignedZips: ["60827"] }),
        candidate("Missed twice", { recentMisses: 2 }),
        candidate("Free since noon", { lastFinishedAt: at("12:00:00") }),
        candidate("Free since 9:40", { lastFinishedAt: at("09:40:00") }),
        candidate("Far", { assignedZips: ["60601"] }),
      ],
      "60473",
      locate,
      NOW,
    );
    expect(names(ranked)).toEqual([
      "Free since 9:40",
      "Free since noon",
      "Missed twice",
      "Near",
      "Far",
    ]);
    expect(ranked[0]).toMatchObject({
      eligible: true,
      covers: true,
      distanceMiles: 0,
      availability: "available",
      onCallNow: true,
      why: "covers 60473 · free since 9:40 AM · on call",
    });
    expect(ranked[2]!.why).toBe(
      "covers 60473 · free since 8:00 AM · on call · 2 offers declined or expired in 24 h",
    );
    expect(ranked[3]).toMatchObject({
      eligible: true,
      covers: false,
      why: "4.0 mi · free since 8:00 AM · on call",
    });
    // 20 miles away is not near: choosable, not eligible.
    expect(ranked[4]).toMatchObject({
      eligible: false,
      why: "20 mi · free since 8:00 AM · on call",
    });
  });

  it("puts the off, the busy and those not on call after the eligible, saying why", () => {
    const ranked = rankLocksmiths(
      [
        candidate("Off", { presence: "off", presenceChangedAt: at("19:15:00") }),
        candidate("Busy", { liveSince: at("20:30:00") }),
        candidate("Day shift", { onCallShifts: DAYS_ONLY }),
        candidate("Far but free", { assignedZips: ["60453"] }),
      ],
      "60473",
      locate,
      NOW,
    );
    expect(ranked.map((r) => [r.name, r.eligible, r.availability])).toEqual([
      ["Day shift", false, "available"],
      ["Busy", false, "on_job"],
      ["Off", false, "off"],
      ["Far but free", false, "available"],
    ]);
    expect(ranked[0]!.why).toBe("covers 60473 · free since 8:00 AM · not on call now");
    expect(ranked[1]!.why).toBe("covers 60473 · on a job since 8:30 PM · on call");
    expect(ranked[2]!.why).toBe("covers 60473 · off since 7:15 PM · on call");
  });

  it("keeps a locksmith whose license ran out among the others, saying so", () => {
    const ranked = rankLocksmiths(
      [
        candidate("Ran out yesterday", {
          license: { number: "153.000124", expiresOn: "2026-11-24" },
        }),
        candidate("Last day today", { license: { number: "153.000125", expiresOn: "2026-11-25" } }),
        candidate("None on file", { license: { number: null, expiresOn: null } }),
      ],
      "60473",
      locate,
      NOW,
    );
    expect(ranked.map((r) => [r.name, r.eligible, r.licenseExpiredOn])).toEqual([
      ["Last day today", true, null],
      ["None on file", true, null],
      ["Ran out yesterday", false, "2026-11-24"],
    ]);
    expect(ranked[2]!.why).toBe(
      "covers 60473 · free since 8:00 AM · on call · license expired Nov 24, 2026",
    );
  });

  it("lists the nearest by distance when nobody covers the ZIP", () => {
    const ranked = rankLocksmiths(
      [
        candidate("Loop", { assignedZips: ["60601"] }),
        candidate("Riverdale", { assignedZips: ["60601", "60827"] }),
        candidate("Heights", { assignedZips: ["60411"] }),
        candidate("Nowhere", { assignedZips: [] }),
      ],
      "60473",
      locate,
      NOW,
    );
    expect(names(ranked)).toEqual(["Riverdale", "Heights", "Loop", "Nowhere"]);
    expect(ranked.map((r) => r.covers)).toEqual([false, false, false, false]);
    expect(ranked[3]).toMatchObject({ distanceMiles: null, eligible: false });
    expect(ranked[3]!.why).toMatch(/^distance unknown · /);
  });

  it("leaves place out for a lead with no ZIP, and dates an old 'since'", () => {
    const ranked = rankLocksmiths(
      [candidate("Anyone", { presenceChangedAt: new Date("2026-11-20T15:00:00Z") })],
      "no idea",
      locate,
      NOW,
    );
    expect(ranked[0]).toMatchObject({
      eligible: true,
      covers: false,
      distanceMiles: null,
      why: "free since Nov 20, 2026 · on call",
    });
  });

  it("counts a job finished after they said Available as the start of their free time", () => {
    const [ranked] = rankLocksmiths(
      [candidate("Back", { presenceChangedAt: at("07:00:00"), lastFinishedAt: at("20:05:00") })],
      "60473",
      locate,
      NOW,
    );
    expect(ranked!.since).toEqual(at("20:05:00"));
  });

  it("measures miles by great circle, and prints them as people say them", () => {
    expect(milesBetween(CENTROIDS["60601"]!, CENTROIDS["60473"]!)).toBeCloseTo(19.9, 1);
    expect(formatMiles(4.24)).toBe("4.2 mi");
    expect(formatMiles(23.4)).toBe("23 mi");
  });
});

describe("a lead's misses in the Dispatch dialog", () => {
  it("chooses the best one ready who has not declined or ignored this lead", () => {
    const ready = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(firstChoice(ready)).toBe("a");
    expect(firstChoice(ready, [{ locksmithId: "a", declined: 0, expired: 2 }])).toBe("b");
    expect(
      firstChoice(ready, [
        { locksmithId: "a", declined: 1, expired: 0 },
        { locksmithId: "b", declined: 0, expired: 1 },
        { locksmithId: "c", declined: 1, expired: 1 },
      ]),
    ).toBe("");
  });

  it("says what they did with this lead, and how often", () => {
    expect(leadMissNote({ locksmithId: "a", declined: 1, expired: 0 })).toBe("declined this lead");
    expect(leadMissNote({ locksmithId: "a", declined: 0, expired: 2 })).toBe(
      "let this lead's offer expire twice",
    );
    expect(leadMissNote({ locksmithId: "a", declined: 3, expired: 1 })).toBe(
      "declined this lead 3 times and let this lead's offer expire",
    );
  });
});
