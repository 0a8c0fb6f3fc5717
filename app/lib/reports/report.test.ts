import { describe, expect, test } from "vitest";
import {
  buildReport,
  chargedCostCents,
  chicagoHour,
  cityOf,
  DIMENSIONS,
  funnel,
  perEach,
  rate,
  spendInPeriod,
  tallyByKey,
  type Dimension,
  type LeadFact,
  type SourceSpend,
} from "./report";
import { addUpRows, endedMonthsOf, lastDayOfMonth, rollUpByDay, splitPeriod } from "./rollup";
import { histogramFromJson, histogramToJson, median, percentile } from "./tally";

/*
 * Five leads of November 2026 (Chicago is UTC-6 all month), worked out by hand:
 *
 *   lead  source         city (why)                    service    locksmith  hour   dispatch  arrival  booked  completed  revenue / cut
 *   A     Google Ads     Hyde Park (request page)      emergency  Marcus     2 AM   +10 min   +40 min  yes     yes        $200 / $80
 *   B     Google Ads     Hyde Park (landing page)      emergency  Marcus     2 PM   +20 min   +60 min  yes     yes        $100 / $40
 *   C     "google ads"   Oak Lawn (ZIP)                residential Dana      2 PM   +30 min   —        no      no         cancelled
 *   D     Yelp           not known (no ZIP)            rekeying   nobody     2 AM   —         —        no      no
 *   E     not known      Bronzeville (60615's first)   emergency  Dana       9 PM   +5 min    +25 min  yes     no (in progress)
 *
 * Spend: Google Ads $300 in November; Yelp $120 in October only (so November's is not
 * known); Truck wrap $90 in November and no lead.
 */

const at = (iso: string) => new Date(iso);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

function fact(partial: Partial<LeadFact> & { createdAt: Date }): LeadFact {
  return {
    sourceName: null,
    landingPage: null,
    requestPage: null,
    zip: null,
    serviceType: "emergency",
    locksmith: null,
    dispatchedAt: null,
    accepted: false,
    arrivedAt: null,
    booked: false,
    completed: false,
    cancelled: false,
    revenueCents: 0,
    businessCutCents: 0,
    guaranteeCallback: false,
    ...partial,
  };
}

const aAt = at("2026-11-10T08:00:00Z");
const bAt = at("2026-11-11T20:00:00Z");
const cAt = at("2026-11-12T20:30:00Z");
const eAt = at("2026-11-14T03:00:00Z");

const FACTS: LeadFact[] = [
  fact({
    createdAt: aAt,
    sourceName: "Google Ads",
    landingPage: "/",
    requestPage: "/request?area=chicago-60615-hyde-park",
    zip: "60615",
    locksmith: "Marcus",
    dispatchedAt: plus(aAt, 10),
    accepted: true,
    arrivedAt: plus(aAt, 40),
    booked: true,
    completed: true,
    revenueCents: 20_000,
    businessCutCents: 8_000,
  }),
  fact({
    createdAt: bAt,
    sourceName: "Google Ads",
    landingPage: "/service-areas/chicago-60615-hyde-park-locksmith",
    requestPage: "/request",
    zip: "60615",
    locksmith: "Marcus",
    dispatchedAt: plus(bAt, 20),
    accepted: true,
    arrivedAt: plus(bAt, 60),
    booked: true,
    completed: true,
    revenueCents: 10_000,
    businessCutCents: 4_000,
  }),
  fact({
    createdAt: cAt,
    sourceName: "google ads",
    zip: "60453",
    serviceType: "residential",
    locksmith: "Dana",
    dispatchedAt: plus(cAt, 30),
    cancelled: true,
  }),
  fact({
    createdAt: at("2026-11-13T08:15:00Z"),
    sourceName: "Yelp",
    landingPage: "/services",
    serviceType: "rekeying",
  }),
  fact({
    createdAt: eAt,
    zip: "60615",
    locksmith: "Dana",
    dispatchedAt: plus(eAt, 5),
    accepted: true,
    arrivedAt: plus(eAt, 25),
    booked: true,
  }),
];

/** A table straight from the leads (the rollups must give the same: see the last test). */
const reportOf = (dimension: Dimension, names?: ReadonlyMap<string, string>) =>
  buildReport(tallyByKey(FACTS, dimension), dimension, SPEND, NOVEMBER, names);

const NOVEMBER = {
  first: { year: 2026, month: 11, day: 1 },
  last: { year: 2026, month: 11, day: 30 },
};

const SPEND = new Map<string, SourceSpend>([
  ["google ads", { name: "Google Ads", months: new Map([["2026-11-01", 30_000]]) }],
  ["yelp", { name: "Yelp", months: new Map([["2026-10-01", 12_000]]) }],
  ["truck wrap", { name: "Truck wrap", months: new Map([["2026-11-01", 9_000]]) }],
]);

describe("the small formulas", () => {
  test("median: the middle value, or the mean of the two middle ones; null for none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  test("p90 is the nearest rank: the 9th of 10, the 3rd of 3", () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([30, 10, 20], 90)).toBe(30);
    expect(percentile([], 90)).toBeNull();
  });
  test("a rate or a cost with nothing to divide by is not known, not 0", () => {
    expect(rate(2, 3)).toBeCloseTo(0.6667, 4);
    expect(rate(0, 0)).toBeNull();
    expect(perEach(30_000, 0)).toBeNull();
    expect(perEach(null, 3)).toBeNull();
    expect(perEach(10_000, 3)).toBe(3_333);
  });
  test("spend in a period: each month's share of its days, and not known if a month is missing", () => {
    const months = new Map([
      ["2026-10-01", 3_100],
      ["2026-11-01", 3_000],
    ]);
    // Oct 15-31 is 17 of 31 days ($17.00), Nov 1-14 is 14 of 30 ($14.00).
    const period = {
      first: { year: 2026, month: 10, day: 15 },
      last: { year: 2026, month: 11, day: 14 },
    };
    expect(spendInPeriod(months, period)).toBe(3_100);
    expect(spendInPeriod(months, NOVEMBER)).toBe(3_000);
    expect(spendInPeriod(new Map([["2026-11-01", 3_000]]), period)).toBeNull();
    expect(spendInPeriod(undefined, NOVEMBER)).toBeNull();
  });
  test("hours on Chicago's clocks, cities from the pages before the ZIP", () => {
    expect(chicagoHour(aAt)).toBe(2);
    expect(chicagoHour(eAt)).toBe(21);
    expect(cityOf(FACTS[0]!)).toBe("Hyde Park");
    expect(cityOf(FACTS[1]!)).toBe("Hyde Park");
    expect(cityOf(FACTS[4]!)).toBe("Bronzeville");
    expect(cityOf(FACTS[3]!)).toBeNull();
  });
});

describe("by source", () => {
  const report = reportOf("source");
  const row = (label: string) => report.rows.find((candidate) => candidate.label === label)!;

  test("rows: most leads first; names match without regard to case; a paid source with no lead is there", () => {
    expect(report.rows.map((r) => [r.label, r.leads])).toEqual([
      ["Google Ads", 3],
      ["Not known", 1],
      ["Yelp", 1],
      ["Truck wrap", 0],
    ]);
  });

  test("Google Ads: counts, money, conversion, cost and speed", () => {
    expect(row("Google Ads")).toEqual({
      key: "Google Ads",
      label: "Google Ads",
      leads: 3,
      dispatched: 3,
      accepted: 2,
      booked: 2,
      completed: 2,
      cancelled: 1,
      revenueCents: 30_000,
      businessCutCents: 12_000,
      guaranteeCallbacks: 0,
      averageTicketCents: 15_000,
      dispatchRate: 1,
      acceptRate: 2 / 3,
      completeRate: 1,
      leadToCompleted: 2 / 3,
      spendCents: 30_000,
      costPerLeadCents: 10_000,
      costPerBookedJobCents: 15_000,
      dispatchMinutesMedian: 20,
      dispatchMinutesP90: 30,
      arrivalMinutesMedian: 50,
      arrivalMinutesP90: 60,
    });
  });

  test("Yelp: spend for October only, so November's cost is not known; nothing to average", () => {
    const yelp = row("Yelp");
    expect(yelp).toMatchObject({
      leads: 1,
      dispatched: 0,
      dispatchRate: 0,
      acceptRate: null,
      completeRate: null,
      leadToCompleted: 0,
      averageTicketCents: null,
      spendCents: null,
      costPerLeadCents: null,
      costPerBookedJobCents: null,
      dispatchMinutesMedian: null,
      arrivalMinutesP90: null,
    });
  });

  test("Truck wrap: $90 spent, no lead: the spend shows, the costs per lead and job do not", () => {
    expect(row("Truck wrap")).toMatchObject({
      leads: 0,
      spendCents: 9_000,
      costPerLeadCents: null,
      costPerBookedJobCents: null,
      dispatchRate: null,
    });
  });

  test("the total: every lead, and the spend entered for the period", () => {
    expect(report.total).toMatchObject({
      label: "All leads",
      leads: 5,
      dispatched: 4,
      accepted: 3,
      booked: 3,
      completed: 2,
      cancelled: 1,
      revenueCents: 30_000,
      businessCutCents: 12_000,
      averageTicketCents: 15_000,
      dispatchRate: 0.8,
      acceptRate: 0.75,
      completeRate: 2 / 3,
      leadToCompleted: 0.4,
      spendCents: 39_000,
      costPerLeadCents: 7_800,
      costPerBookedJobCents: 13_000,
      // Dispatch: 5, 10, 20, 30 minutes; arrival: 25, 40, 60.
      dispatchMinutesMedian: 15,
      dispatchMinutesP90: 30,
      arrivalMinutesMedian: 40,
      arrivalMinutesP90: 60,
    });
    expect(funnel(report.total).map((step) => step.value)).toEqual([5, 4, 3, 2]);
  });
});

describe("a source that reports each lead's charge (Google Local Services)", () => {
  test("the spend is what its charged leads cost; a lead credited back costs nothing", () => {
    expect(chargedCostCents(30_000, { charged: 4, credited: 1 })).toBe(22_500);
    expect(chargedCostCents(10_000, { charged: 3, credited: 0 })).toBe(10_000);
    expect(chargedCostCents(10_000, { charged: 3, credited: 1 })).toBe(6_667);
    expect(chargedCostCents(10_000, { charged: 2, credited: 5 })).toBe(0);
  });

  test("no spend, no charges reported, or no lead charged: the spend as entered", () => {
    expect(chargedCostCents(null, { charged: 4, credited: 1 })).toBeNull();
    expect(chargedCostCents(30_000, undefined)).toBe(30_000);
    expect(chargedCostCents(30_000, { charged: 0, credited: 0 })).toBe(30_000);
  });

  test("only the cost per booked job changes, for that source and the total", () => {
    const report = buildReport(
      tallyByKey(FACTS, "source"),
      "source",
      SPEND,
      NOVEMBER,
      undefined,
      new Map([["google ads", { charged: 4, credited: 1 }]]),
    );
    const google = report.rows.find((row) => row.label === "Google Ads");
    // $300 for 4 charged leads, 1 credited: $225 for 2 booked jobs; per lead as before.
    expect(google).toMatchObject({
      spendCents: 30_000,
      costPerLeadCents: 10_000,
      costPerBookedJobCents: 11_250,
    });
    expect(report.rows.find((row) => row.label === "Truck wrap")?.spendCents).toBe(9_000);
    // ($225 + $90) for 3 booked jobs; the spend entered stays $390.
    expect(report.total).toMatchObject({ spendCents: 39_000, costPerBookedJobCents: 10_500 });
  });
});

describe("the other dimensions", () => {
  const rows = (dimension: Dimension) =>
    reportOf(dimension).rows.map((r) => [r.label, r.leads, r.revenueCents]);

  test("city", () => {
    expect(rows("city")).toEqual([
      ["Hyde Park", 2, 30_000],
      ["Bronzeville", 1, 0],
      ["Not known", 1, 0],
      ["Oak Lawn", 1, 0],
    ]);
  });
  test("landing page", () => {
    expect(rows("landing_page")).toEqual([
      ["Not known", 2, 0],
      ["/", 1, 20_000],
      ["/service-areas/chicago-60615-hyde-park-locksmith", 1, 10_000],
      ["/services", 1, 0],
    ]);
  });
  test("service type", () => {
    expect(rows("service")).toEqual([
      ["Emergency Lockout", 3, 30_000],
      ["Rekeying", 1, 0],
      ["Residential", 1, 0],
    ]);
  });
  test("locksmith: who did the job, else who was sent", () => {
    expect(rows("locksmith")).toEqual([
      ["Dana", 2, 0],
      ["Marcus", 2, 30_000],
      ["Nobody sent", 1, 0],
    ]);
  });
  test("hour of day, in clock order, with its answer time", () => {
    const report = reportOf("hour");
    expect(report.rows.map((r) => [r.label, r.leads, r.dispatchMinutesMedian])).toEqual([
      ["2 AM", 2, 10],
      ["2 PM", 2, 25],
      ["9 PM", 1, 5],
    ]);
    // No spend by hour: costs are not known.
    expect(report.total.costPerLeadCents).toBeNull();
  });
});

describe("ids and minutes", () => {
  test("a locksmith's row is labelled with their name when the key is their id", () => {
    const names = new Map([["Marcus", "Marcus Reed"]]);
    expect(reportOf("locksmith", names).rows.map((r) => r.label)).toEqual([
      "Dana",
      "Marcus Reed",
      "Nobody sent",
    ]);
  });
  test("answer times count in whole minutes, to the nearest", () => {
    const at = new Date("2026-11-20T12:00:00Z");
    const quick = [29, 31].map((seconds) =>
      fact({ createdAt: at, dispatchedAt: new Date(at.getTime() + seconds * 1000) }),
    );
    const report = buildReport(tallyByKey(quick, "hour"), "hour", new Map(), NOVEMBER);
    // 29 s is 0 minutes, 31 s is 1: the median of the two is half a minute.
    expect(report.total.dispatchMinutesMedian).toBe(0.5);
    expect(report.total.dispatchMinutesP90).toBe(1);
  });
});

describe("guarantee call-backs", () => {
  test("each call-back lead of the period counts once, in its own source's row and the total", () => {
    const callBackAt = at("2026-11-20T16:00:00Z");
    const facts = [
      ...FACTS,
      fact({ createdAt: callBackAt, sourceName: "Guarantee call-back", guaranteeCallback: true }),
      fact({
        createdAt: plus(callBackAt, 60),
        sourceName: "Guarantee call-back",
        guaranteeCallback: true,
        dispatchedAt: plus(callBackAt, 70),
        accepted: true,
        booked: true,
        completed: true,
      }),
    ];
    const report = buildReport(tallyByKey(facts, "source"), "source", SPEND, NOVEMBER);
    expect(report.total.guaranteeCallbacks).toBe(2);
    expect(report.total.leads).toBe(7);
    const row = report.rows.find((candidate) => candidate.label === "Guarantee call-back")!;
    expect([row.leads, row.guaranteeCallbacks, row.completed, row.revenueCents]).toEqual([
      2, 2, 1, 0,
    ]);
    expect(reportOf("source").total.guaranteeCallbacks).toBe(0);
  });
});

describe("daily rollups", () => {
  test("adding up the days' rows, stored and read back, gives the same tables as the leads at once", () => {
    const stored = rollUpByDay(FACTS).map((row) => ({
      ...row,
      tally: JSON.parse(
        JSON.stringify({
          ...row.tally,
          dispatchMinutes: histogramToJson(row.tally.dispatchMinutes),
          arrivalMinutes: histogramToJson(row.tally.arrivalMinutes),
        }),
      ),
    }));
    // Five leads on four Chicago days: D (2:15 AM) and E (9 PM) both came in on the 13th.
    expect([...new Set(stored.map((row) => row.day))]).toEqual([
      "2026-11-10",
      "2026-11-11",
      "2026-11-12",
      "2026-11-13",
    ]);
    expect(
      stored.filter((row) => row.day === "2026-11-13" && row.dimension === "hour"),
    ).toHaveLength(2);
    for (const dimension of DIMENSIONS) {
      const rows = stored
        .filter((row) => row.dimension === dimension)
        .map((row) => ({
          key: row.key,
          tally: {
            ...row.tally,
            dispatchMinutes: histogramFromJson(row.tally.dispatchMinutes),
            arrivalMinutes: histogramFromJson(row.tally.arrivalMinutes),
          },
        }));
      expect(buildReport(addUpRows(rows), dimension, SPEND, NOVEMBER)).toEqual(reportOf(dimension));
    }
  });
});

describe("reading a period from day and month rows", () => {
  const today = { year: 2026, month: 11, day: 27 };
  const day = (text: string) => {
    const [year, month, date] = text.split("-").map(Number);
    return { year: year!, month: month!, day: date! };
  };
  test("the last 365 days: the ended months whole, the first month's tail and this month as days", () => {
    expect(splitPeriod({ first: day("2025-11-28"), last: today }, today)).toEqual({
      months: [
        "2025-12-01",
        "2026-01-01",
        "2026-02-01",
        "2026-03-01",
        "2026-04-01",
        "2026-05-01",
        "2026-06-01",
        "2026-07-01",
        "2026-08-01",
        "2026-09-01",
        "2026-10-01",
      ],
      days: [
        { first: "2025-11-28", last: "2025-11-30" },
        { first: "2026-11-01", last: "2026-11-27" },
      ],
    });
  });
  test("this month, and a month not over yet, are read as days", () => {
    expect(splitPeriod({ first: day("2026-11-01"), last: day("2026-11-30") }, today)).toEqual({
      months: [],
      days: [{ first: "2026-11-01", last: "2026-11-30" }],
    });
  });
  test("last month whole; a period inside one month; days that run on across a month", () => {
    expect(splitPeriod({ first: day("2026-10-01"), last: day("2026-10-31") }, today)).toEqual({
      months: ["2026-10-01"],
      days: [],
    });
    expect(splitPeriod({ first: day("2026-02-03"), last: day("2026-03-10") }, today)).toEqual({
      months: [],
      days: [{ first: "2026-02-03", last: "2026-03-10" }],
    });
  });
  test("a month's last day, leap years too", () => {
    expect(["2026-02-01", "2028-02-01", "2026-12-01", "2026-04-01"].map(lastDayOfMonth)).toEqual([
      "2026-02-28",
      "2028-02-29",
      "2026-12-31",
      "2026-04-30",
    ]);
  });
  test("the ended months of some changed days", () => {
    expect(endedMonthsOf(["2026-11-02", "2026-10-31", "2026-10-01", "2025-12-31"], today)).toEqual([
      "2025-12-01",
      "2026-10-01",
    ]);
  });
});
