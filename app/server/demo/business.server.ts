import { getTableColumns, sql } from "drizzle-orm";
import { insertDemoCompliance } from "./compliance.server";
import { messages } from "../db/messaging-tables.server";
import { demoAssignments } from "./assignments.server";
import { closeOldDemoWork } from "./close-old-work.server";
import { demoMessages, dispatchedAt, textedJobs } from "./messages.server";
import { settleDemoWeeks } from "./payouts.server";
import type {
  ActivityRow,
  CallRow,
  CodeRow,
  DemoBusiness,
  JobRow,
  LeadRow,
  LocksmithRow,
} from "./rows.server";
import type { PgTable } from "drizzle-orm/pg-core";
import { REGIONS, serviceAreas, type Region } from "~/content/service-areas";
import type {
  CallStatus,
  DispatchCodeStatus,
  JobStatus,
  LeadSource,
  LeadStatus,
  ServiceType,
} from "~/lib/business-enums";
import { generateCode } from "~/lib/dispatch/dispatch-code";
import { computeSplit } from "~/lib/money/job-split";
import { addDays, chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { UNKNOWN_NAME } from "~/lib/leads/lead-labels";
import { activityLog } from "../db/activity-tables.server";
import {
  assignments,
  callLogs,
  dispatchCodes,
  jobs,
  leads,
  locksmiths,
  payouts,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";

/*
 * A year of a realistic locksmith business for demonstrations (DEMO_DATA=on): 40
 * locksmiths over the service areas' ZIP codes, 5,000 leads, 2,000 jobs with prices and
 * splits, 500 dispatch codes and 10,000 calls, all dated within the 12 months before `now`.
 *
 * Deterministic: a seeded PRNG (never Math.random), so the same `now` gives the same rows,
 * ids included. Phone numbers are in the 555-0100..0199 range, reserved for fiction, and
 * emails are at example.com/example.net. Rows go in as multi-row INSERTs of 1,000 rows
 * (PGlite loads the lot in about two seconds); the caller supplies the transaction.
 */

export const DEMO_COUNTS = {
  locksmiths: 40,
  leads: 5_000,
  jobs: 2_000,
  dispatchCodes: 500,
  callLogs: 10_000,
} as const;

const BATCH_ROWS = 1_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const weighted = <T extends string>(weights: Record<T, number>): T => {
    const entries = Object.entries(weights) as [T, number][];
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const hex = (length: number) => {
    let text = "";
    while (text.length < length) text += Math.floor(next() * 16).toString(16);
    return text;
  };
  const bytes = (size: number) => Uint8Array.from({ length: size }, () => Math.floor(next() * 256));
  /** A version-4-shaped UUID drawn from the PRNG. */
  const uuid = () =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, chance, weighted, hex, bytes, uuid };
}

type Random = ReturnType<typeof prng>;

const FIRST_NAMES = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Patricia",
  "David",
  "Jennifer",
  "Carlos",
  "Elizabeth",
  "Daniel",
  "Susan",
  "Anthony",
  "Jessica",
  "Marcus",
  "Sarah",
  "Kevin",
  "Karen",
  "Jose",
  "Nancy",
  "Brian",
  "Lisa",
  "Tyrone",
  "Angela",
  "Luis",
  "Michelle",
  "Steven",
  "Denise",
  "Andre",
  "Laura",
  "Tomasz",
  "Monica",
  "Jamal",
  "Teresa",
  "Patrick",
  "Rosa",
  "Derrick",
  "Keisha",
  "Sean",
  "Ana",
  "Victor",
  "Heather",
  "Eddie",
  "Gloria",
  "Raymond",
  "Tanya",
  "Ahmed",
  "Julie",
  "Frank",
  "Yolanda",
  "Greg",
  "Agnieszka",
  "Terrence",
  "Colleen",
  "Hector",
  "Shanice",
] as const;

const LAST_NAMES = [
  "Johnson",
  "Williams",
  "Garcia",
  "Brown",
  "Jones",
  "Rodriguez",
  "Miller",
  "Davis",
  "Martinez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Gutierrez",
  "White",
  "Harris",
  "Lopez",
  "Clark",
  "Lewis",
  "Walker",
  "Hernandez",
  "Young",
  "King",
  "Wright",
  "Kowalski",
  "Nowak",
  "O'Brien",
  "Murphy",
  "Sullivan",
  "Washington",
  "Coleman",
  "Ramirez",
  "Flores",
  "Reed",
  "Kelly",
  "Price",
  "Bennett",
  "Wojcik",
  "Kaminski",
  "Brooks",
  "Sanders",
  "Hughes",
  "Mitchell",
  "Patel",
  "Nguyen",
  "Kim",
  "Ortiz",
  "Fitzgerald",
  "Dombrowski",
  "Jenkins",
  "Russell",
  "Lewandowski",
  "Morales",
] as const;

/** Area codes by region: Chicago proper, and the suburbs' 708 and overlays. */
const AREA_CODES: Record<Region, readonly string[]> = {
  Chicago: ["312", "773", "872"],
  "South Suburbs": ["708", "464"],
  "Southwest Suburbs": ["708", "630", "815"],
};

const PAYMENT_METHODS = ["Zelle", "Direct deposit", "Check", "Cash App", "Venmo"] as const;

/** Streets of the South and Southwest sides and suburbs, for service addresses. */
const STREETS = [
  "S Western Ave",
  "S Pulaski Rd",
  "S Cicero Ave",
  "S Harlem Ave",
  "S Halsted St",
  "S Ashland Ave",
  "S Kedzie Ave",
  "S Archer Ave",
  "W 63rd St",
  "W 79th St",
  "W 87th St",
  "W 95th St",
  "W 111th St",
  "W 147th St",
  "W 159th St",
  "S Oak Park Ave",
  "S Ridgeland Ave",
  "Southwest Hwy",
  "S LaGrange Rd",
  "W 127th St",
] as const;

/** Who the demo's office actions are by (the demo owner, see owner.server.ts). */
const DEMO_OPERATOR = { actorKind: "user" as const, actorId: null, actorName: "Demo Owner" };

const SERVICE_WEIGHTS: Record<ServiceType, number> = {
  emergency: 30,
  automotive: 20,
  residential: 18,
  commercial: 9,
  rekeying: 11,
  smart_locks: 5,
  key_duplication: 4,
  safes: 3,
};

/** Typical price ranges by service, in whole dollars, within the business's $75-$600. */
const PRICE_RANGES: Record<ServiceType, [number, number]> = {
  emergency: [95, 250],
  automotive: [75, 300],
  residential: [90, 350],
  commercial: [150, 600],
  rekeying: [75, 220],
  smart_locks: [199, 600],
  key_duplication: [75, 120],
  safes: [150, 600],
};

const DETAILS: Record<ServiceType, readonly string[]> = {
  emergency: [
    "Locked out of the house, kids inside.",
    "Locked out of apartment, keys on the counter.",
    "Key broke off in the front door lock.",
    "Locked out after a night shift, needs someone fast.",
  ],
  automotive: [
    "Keys locked in the car in a store parking lot.",
    "Lost the only key fob, needs a new one programmed.",
    "Ignition will not turn.",
    "Trunk will not open, keys inside.",
  ],
  residential: [
    "Wants deadbolts installed on front and back doors.",
    "Sticky lock on the side door.",
    "New lock for the garage entry door.",
  ],
  commercial: [
    "Store front door lock replacement.",
    "Office needs a master key system.",
    "Panic bar not latching at the rear exit.",
  ],
  rekeying: [
    "Just moved in, wants all locks rekeyed.",
    "Tenant moved out, rekey 3 locks.",
    "Lost keys, rekey front and back.",
  ],
  smart_locks: [
    "Install a keypad smart lock on the front door.",
    "Smart lock battery died, cannot get in.",
  ],
  key_duplication: ["Needs 4 copies of house keys.", "Copy of a high-security key."],
  safes: ["Forgot the safe combination.", "Safe will not open after battery change."],
};

/** A fictional US number: (area) 555-0100 to 555-0199. */
function fictionalPhone(random: Random, region: Region) {
  return {
    area: random.pick(AREA_CODES[region]),
    line: `01${String(random.int(0, 99)).padStart(2, "0")}`,
  };
}

function e164Phone({ area, line }: { area: string; line: string }) {
  return `+1${area}555${line}`;
}

/**
 * A time in the year before `now` (at least `minAgo` ms before it), more often in the day
 * and evening, Chicago time (a 24/7 line still gets night calls).
 */
function timeInLastYear(random: Random, now: number, minAgo = 0): Date {
  const daysAgo = Math.floor((random.next() * (YEAR - minAgo) + minAgo) / DAY);
  const utcMidnight = now - (now % DAY) - daysAgo * DAY;
  const localHour = random.chance(0.8) ? random.int(7, 22) : random.pick([23, 0, 1, 2, 3, 4, 5, 6]);
  // Chicago is UTC-6 (UTC-5 in summer): close enough for demo data.
  const at = utcMidnight + (localHour + 6) * HOUR + random.int(0, 3599) * 1000;
  if (at <= now - minAgo) return new Date(at);
  // Later today than now: somewhere between midnight and now instead.
  return new Date(
    utcMidnight + Math.floor(random.next() * Math.max(0, now - minAgo - utcMidnight)),
  );
}

interface ZipInfo {
  zip: string;
  region: Region;
}

const ZIPS: readonly ZipInfo[] = [
  ...new Map(
    serviceAreas.flatMap((area) =>
      area.zipCodes.map((zip) => [zip, { zip, region: area.region }] as const),
    ),
  ).values(),
];

/** Who the demo texts are from when the caller does not say. */
const DEMO_TEXT_BUSINESS = { name: "Lockline Locksmith", phone: "+13125550147" };

/** The seed of the demo data everybody gets unless DEMO_SEED says otherwise. */
export const DEFAULT_DEMO_SEED = 20_261_122;

/** Builds the rows in memory: pure and deterministic for a given `now` and seed. */
export function buildDemoBusiness(now: Date, seed = DEFAULT_DEMO_SEED): DemoBusiness {
  const random = prng(seed);
  const nowMs = now.getTime();

  // Locksmiths: each covers ZIPs of one region, a few cover two.
  const usedNames = new Set<string>();
  const crew: LocksmithRow[] = [];
  for (let i = 0; i < DEMO_COUNTS.locksmiths; i++) {
    let first: string, last: string;
    do {
      first = random.pick(FIRST_NAMES);
      last = random.pick(LAST_NAMES);
    } while (usedNames.has(`${first} ${last}`));
    usedNames.add(`${first} ${last}`);
    const region = REGIONS[i % REGIONS.length]!;
    const regions = random.chance(0.2) ? [region, random.pick(REGIONS)] : [region];
    const pool = ZIPS.filter((zip) => regions.includes(zip.region));
    const zips = new Set<string>();
    const wanted = random.int(4, 9);
    while (zips.size < Math.min(wanted, pool.length)) zips.add(random.pick(pool).zip);
    const emailName = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
    crew.push({
      id: random.uuid(),
      name: `${first} ${last}`,
      phone: `+1${random.pick(AREA_CODES[region])}55501${String(i).padStart(2, "0")}`,
      email: random.chance(0.85)
        ? `${emailName}@${random.pick(["example.com", "example.net"])}`
        : null,
      active: random.chance(0.85),
      assignedZips: [...zips].sort(),
      paymentMethod: random.chance(0.8) ? random.pick(PAYMENT_METHODS) : null,
      defaultCutPercent: random.pick([50, 55, 60, 60, 60, 60, 65, 70]),
      // The demo's crew is Available with no shift's end, as locksmiths were before shifts
      // (decision 0057); a locksmith added in the office starts Off.
      presence: "available",
      createdAt: new Date(nowMs - YEAR - random.int(1, 120) * DAY),
      ...demoLicense(i, now),
    });
  }
  const activeCrew = crew.filter((locksmith) => locksmith.active);
  const crewFor = (zip: string | null) => {
    const covering = zip ? crew.filter((l) => l.assignedZips?.includes(zip)) : [];
    // Mostly someone covering the ZIP; sometimes whoever was free.
    return covering.length > 0 && random.chance(0.85) ? random.pick(covering) : random.pick(crew);
  };

  // The people who call: one name and (most of the time) one address per number, so a
  // number's leads read as the same returning customer.
  const people = new Map<string, { name: string; address: string | null }>();
  const personAt = (phone: string) => {
    let person = people.get(phone);
    if (!person) {
      person = {
        name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        address: random.chance(0.75)
          ? `${random.int(100, 12999)} ${random.pick(STREETS)}${random.chance(0.25) ? `, Apt ${random.int(1, 4)}${random.pick(["A", "B", "C"])}` : ""}`
          : null,
      };
      people.set(phone, person);
    }
    return person;
  };

  // Leads: recent ones are still open, older ones completed or cancelled.
  const leadRows: LeadRow[] = [];
  for (let i = 0; i < DEMO_COUNTS.leads; i++) {
    const createdAt = timeInLastYear(random, nowMs);
    const ageDays = (nowMs - createdAt.getTime()) / DAY;
    const status: LeadStatus =
      ageDays < 1
        ? random.weighted({ new: 45, assigned: 15, in_progress: 30, completed: 5, cancelled: 5 })
        : ageDays < 7
          ? random.weighted({ new: 8, assigned: 10, in_progress: 25, completed: 45, cancelled: 12 })
          : random.weighted({ new: 1, assigned: 1, in_progress: 2, completed: 74, cancelled: 22 });
    const area = random.pick(ZIPS);
    const zip = random.chance(0.95) ? area.zip : null;
    const serviceType = random.weighted(SERVICE_WEIGHTS);
    const source: LeadSource = random.weighted({ phone: 55, web: 35, manual: 10 });
    const hasLocksmith =
      status === "assigned" ||
      status === "in_progress" ||
      status === "completed" ||
      (status === "cancelled" && random.chance(0.5));
    const phone = e164Phone(fictionalPhone(random, area.region));
    const person = personAt(phone);
    leadRows.push({
      id: random.uuid(),
      name: source === "phone" && random.chance(0.25) ? null : person.name,
      phone,
      address: person.address,
      serviceType,
      zip,
      status,
      assignedLocksmithId: hasLocksmith ? crewFor(zip).id : null,
      source,
      details: random.chance(0.4) ? random.pick(DETAILS[serviceType]) : null,
      // About half the web requests tick "Text me updates" (from the phone, not a new draw,
      // so the rest of the demo stays as it was for a given seed).
      textConsent: source === "web" && Number(phone.at(-1)) % 2 === 0,
      createdAt,
      ...demoAttribution(source, phone, zip),
    });
  }

  // Jobs: most come from completed leads; the rest from open or cancelled leads, and a few
  // typed in from scratch (walk-ins, repeat customers).
  const byStatus = (status: LeadStatus) =>
    leadRows.filter((lead) => lead.status === status && lead.assignedLocksmithId);
  const sources: { lead: LeadRow | null; status: JobStatus }[] = [
    ...byStatus("completed")
      .slice(0, 1_700)
      .map((lead) => ({ lead, status: "completed" as const })),
    ...byStatus("in_progress")
      .slice(0, 150)
      .map((lead) => ({ lead, status: "in_progress" as const })),
    ...byStatus("cancelled")
      .slice(0, 120)
      .map((lead) => ({ lead, status: "cancelled" as const })),
  ].slice(0, DEMO_COUNTS.jobs);
  while (sources.length < DEMO_COUNTS.jobs) sources.push({ lead: null, status: "completed" });
  const locksmithById = new Map(crew.map((locksmith) => [locksmith.id, locksmith]));

  const jobRows: JobRow[] = sources.map(({ lead, status }) => {
    const jobType = lead?.serviceType ?? random.weighted(SERVICE_WEIGHTS);
    // A job follows its lead, even one that came in a moment ago.
    const createdAt = lead
      ? new Date(
          Math.max(
            lead.createdAt.getTime(),
            Math.min(lead.createdAt.getTime() + random.int(5, 90) * MINUTE, nowMs - MINUTE),
          ),
        )
      : timeInLastYear(random, nowMs, DAY);
    const locksmith = lead?.assignedLocksmithId
      ? locksmithById.get(lead.assignedLocksmithId)!
      : random.pick(activeCrew);
    const priced = status === "completed" || (status === "in_progress" && random.chance(0.5));
    let pricing = {};
    if (priced) {
      const [low, high] = PRICE_RANGES[jobType];
      // Mostly round prices; some with cents, as parts and tax make them.
      const finalPriceCents = random.chance(0.8)
        ? random.int(Math.ceil(low / 5), Math.floor(high / 5)) * 500
        : random.int(low * 100, high * 100);
      const percent = random.chance(0.9)
        ? (locksmith.defaultCutPercent ?? 60)
        : random.pick([45, 50, 55, 65, 70, 75]);
      const split = computeSplit(finalPriceCents, percent);
      pricing = {
        finalPriceCents,
        theirCutPercent: percent,
        theirCutCents: split.theirCutCents,
        yourCutCents: split.yourCutCents,
      };
    }
    return {
      id: random.uuid(),
      leadId: lead?.id ?? null,
      locksmithId: locksmith.id,
      clientName: lead
        ? (lead.name ?? UNKNOWN_NAME)
        : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      jobType,
      status,
      ...pricing,
      createdAt,
      completedAt:
        status === "completed"
          ? new Date(Math.min(createdAt.getTime() + random.int(25, 360) * MINUTE, nowMs))
          : null,
    };
  });

  // Dispatch codes: first those that sent the latest jobs' locksmiths (the demo outbox's
  // texts name them), then others, most for a lead and a locksmith; old ones used or lapsed.
  const codes = new Set<string>();
  const codeRows: CodeRow[] = [];
  const leadById = new Map(leadRows.map((lead) => [lead.id, lead]));
  const texted = textedJobs(jobRows);
  for (let i = 0; i < DEMO_COUNTS.dispatchCodes; i++) {
    let code: string;
    do code = generateCode(random.bytes);
    while (codes.has(code));
    codes.add(code);
    const job = texted[i];
    if (job) {
      const createdAt = dispatchedAt(leadById.get(job.leadId!)!, job);
      codeRows.push({
        id: random.uuid(),
        code,
        leadId: job.leadId,
        locksmithId: job.locksmithId,
        expirationTime: new Date(createdAt.getTime() + 24 * HOUR),
        status: job.status === "completed" ? "used" : "assigned",
        createdAt,
      });
      continue;
    }
    const createdAt = timeInLastYear(random, nowMs);
    const hours = random.pick([1, 4, 12, 24, 24, 24, 24, 48, 72, 168]);
    const expirationTime = new Date(createdAt.getTime() + hours * HOUR);
    const lapsed = expirationTime.getTime() < nowMs;
    const status: DispatchCodeStatus = lapsed
      ? random.weighted({ used: 70, expired: 12, assigned: 10, new: 8 })
      : random.weighted({ new: 45, assigned: 45, used: 10 });
    const lead = random.chance(0.8) ? random.pick(leadRows) : null;
    codeRows.push({
      id: random.uuid(),
      code,
      leadId: lead?.id ?? null,
      locksmithId:
        status === "new" && random.chance(0.6)
          ? null
          : (lead?.assignedLocksmithId ?? random.pick(activeCrew).id),
      expirationTime,
      status,
      createdAt,
    });
  }

  // Calls: the line is answered most of the time; answered calls last 20 s to 15 min and
  // most are recorded.
  const callRows: CallRow[] = [];
  for (let i = 0; i < DEMO_COUNTS.callLogs; i++) {
    const status: CallStatus = random.weighted({ answered: 72, missed: 17, busy: 6, failed: 5 });
    const durationSeconds =
      status === "answered"
        ? Math.min(900, 20 + Math.floor(-Math.log(1 - random.next()) * 150))
        : 0;
    const ringSeconds = status === "missed" ? random.int(15, 40) : 0;
    const lengthMs = (durationSeconds + ringSeconds) * 1000;
    // A call in the log has ended.
    const startTime = timeInLastYear(random, nowMs, lengthMs + MINUTE);
    const endTime = status === "failed" ? null : new Date(startTime.getTime() + lengthMs);
    const area = random.pick(ZIPS);
    callRows.push({
      id: random.uuid(),
      clientPhone: e164Phone(fictionalPhone(random, area.region)),
      status,
      durationSeconds,
      startTime,
      endTime,
      recordingUrl:
        status === "answered" && random.chance(0.6)
          ? `https://api.twilio.com/2010-04-01/Accounts/ACdemo/Recordings/RE${random.hex(32)}`
          : null,
      twilioCallSid: `CA${random.hex(32)}`,
      // The log is written when the call ends.
      createdAt: endTime ?? startTime,
    });
  }

  closeOldDemoWork({ leads: leadRows, jobs: jobRows, dispatchCodes: codeRows }, nowMs);
  const activity = demoActivity(random, leadRows, jobRows, crew, nowMs);
  return {
    locksmiths: crew,
    leads: leadRows,
    jobs: jobRows,
    dispatchCodes: codeRows,
    assignments: demoAssignments(
      { leads: leadRows, jobs: jobRows, dispatchCodes: codeRows },
      nowMs,
    ),
    callLogs: callRows,
    activity,
    payouts: settleDemoWeeks(jobRows, crew, now, random.uuid),
  };
}

const ACTOR_BY_SOURCE: Record<LeadSource, Pick<ActivityRow, "actorKind" | "actorName">> = {
  phone: { actorKind: "webhook", actorName: "Phone system" },
  web: { actorKind: "customer", actorName: "Website form" },
  manual: DEMO_OPERATOR,
};

/**
 * The timelines of the demo's leads, as the app would have written them: received,
 * assigned a few minutes later, its job made, priced and completed (or cancelled), and the
 * lead following its job.
 */
function demoActivity(
  random: Random,
  leadRows: readonly LeadRow[],
  jobRows: readonly JobRow[],
  crew: readonly LocksmithRow[],
  nowMs: number,
): ActivityRow[] {
  const rows: ActivityRow[] = [];
  const names = new Map(crew.map((locksmith) => [locksmith.id, locksmith.name]));
  const later = (from: Date, minMinutes: number, maxMinutes: number) =>
    new Date(Math.min(from.getTime() + random.int(minMinutes, maxMinutes) * MINUTE, nowMs));
  const jobsByLead = new Map(jobRows.filter((job) => job.leadId).map((job) => [job.leadId, job]));
  for (const lead of leadRows) {
    rows.push({
      id: random.uuid(),
      at: lead.createdAt,
      ...ACTOR_BY_SOURCE[lead.source ?? "manual"],
      entity: "lead",
      entityId: lead.id,
      action: "created",
      after: { source: lead.source, serviceType: lead.serviceType, zip: lead.zip },
      leadId: lead.id,
    });
    if (lead.assignedLocksmithId) {
      rows.push({
        id: random.uuid(),
        at: later(lead.createdAt, 2, 25),
        ...DEMO_OPERATOR,
        entity: "lead",
        entityId: lead.id,
        action: "assigned",
        before: { status: "new" },
        after: {
          status: lead.status === "assigned" ? "assigned" : "in_progress",
          locksmithName: names.get(lead.assignedLocksmithId),
        },
        leadId: lead.id,
      });
    }
    const job = jobsByLead.get(lead.id);
    if (!job && (lead.status === "completed" || lead.status === "cancelled")) {
      rows.push({
        id: random.uuid(),
        at: later(lead.createdAt, 30, 300),
        ...DEMO_OPERATOR,
        entity: "lead",
        entityId: lead.id,
        action: "status_changed",
        before: { status: "in_progress" },
        after: { status: lead.status },
        leadId: lead.id,
      });
    }
  }
  for (const job of jobRows) {
    const at = job.createdAt as Date;
    const entry = { ...DEMO_OPERATOR, entity: "job", entityId: job.id!, leadId: job.leadId };
    rows.push({
      id: random.uuid(),
      at,
      ...entry,
      action: "created",
      after: { status: "in_progress" },
    });
    if (job.finalPriceCents != null) {
      rows.push({
        id: random.uuid(),
        at: job.completedAt ?? later(at, 20, 120),
        ...entry,
        action: "priced",
        after: {
          finalPriceCents: job.finalPriceCents,
          theirCutPercent: job.theirCutPercent,
          theirCutCents: job.theirCutCents,
        },
      });
    }
    if (job.status !== "in_progress") {
      const closed = job.completedAt ?? later(at, 20, 240);
      rows.push({
        id: random.uuid(),
        at: closed,
        ...entry,
        action: "status_changed",
        before: { status: "in_progress" },
        after: { status: job.status },
      });
      if (job.leadId) {
        rows.push({
          id: random.uuid(),
          at: closed,
          ...DEMO_OPERATOR,
          entity: "lead",
          entityId: job.leadId,
          action: "followed_job",
          before: { status: "in_progress" },
          after: {
            status: job.status === "completed" ? "completed" : "assigned",
            jobId: job.id,
            jobStatus: job.status,
          },
          leadId: job.leadId,
        });
      }
    }
  }
  return rows;
}

/**
 * Inserts rows 1,000 per statement as one JSON parameter expanded by
 * json_populate_recordset (PostgreSQL 9.4+, and PGlite). Drizzle's `.values(rows)` binds
 * one parameter per cell, and building those statements costs more than the database's
 * own work here (about 0.9 s of CPU for the 17,540 rows); one JSON string per batch costs
 * almost nothing. Column names come from the Drizzle table, so the schema stays the one
 * source; a column no row sets is left to its default.
 */
async function insertRows(db: Db, table: PgTable, rows: readonly object[]) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows
      .slice(start, start + BATCH_ROWS)
      .map((row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [
            column.name,
            (row as Record<string, unknown>)[key] ?? null,
          ]),
        ),
      );
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/**
 * Inserts the demo business with multi-row INSERTs. Call it inside the caller's
 * transaction (pass `tx`): on PGlite the outer handle would wait for the transaction.
 */
export async function insertDemoBusiness(
  db: Db,
  now: Date,
  seed = DEFAULT_DEMO_SEED,
  business: { name: string; phone: string } = DEMO_TEXT_BUSINESS,
): Promise<DemoBusiness> {
  const data = buildDemoBusiness(now, seed);
  await insertRows(db, locksmiths, data.locksmiths);
  await insertDemoCompliance(db, data.locksmiths, now);
  await insertRows(db, leads, data.leads);
  // Payouts before the jobs they settle (jobs.payout_id refers to them).
  await insertRows(db, payouts, data.payouts);
  await insertRows(db, jobs, data.jobs);
  await insertRows(db, dispatchCodes, data.dispatchCodes);
  await insertRows(db, assignments, data.assignments);
  await insertRows(db, callLogs, data.callLogs);
  await insertRows(db, activityLog, data.activity);
  await insertRows(db, messages, demoMessages(data, business));
  // Customers by phone, and the links to them (the migration's function: one reading).
  await db.execute(sql`select lockline_link_customers()`);
  return data;
}

/**
 * A demo locksmith's own license, from their index alone (drawing from `random` would shift
 * every later draw): most run to the next Feb 28 of an odd year, as Illinois licenses do;
 * a few run out within the roster's warning, one already has, one is not on file.
 */
function demoLicense(
  index: number,
  now: Date,
): Pick<LocksmithRow, "licenseNumber" | "licenseExpiresOn"> {
  if (index === 7) return { licenseNumber: null, licenseExpiresOn: null };
  const today = chicagoDay(now);
  const licenseExpiresOn =
    index === 3
      ? formatDay(addDays(today, -20))
      : index % 11 === 5
        ? formatDay(addDays(today, 12 + index))
        : `${today.year + (today.year % 2 === 0 ? 1 : 2)}-02-28`;
  return {
    licenseNumber: `153.0${String(10_000 + ((index * 7_919) % 90_000))}`,
    licenseExpiresOn,
  };
}

const DEMO_WEB_SOURCES = ["Google Ads", "Website", "google", "Yelp", "Google Ads", "bing.com"];
const DEMO_CALL_SOURCES = ["Website", "Google Local Services", "Truck wrap", "Website", "Yelp"];

/**
 * Where a demo lead came from (decision 0039), read from its phone's digits and ZIP rather
 * than new draws, so the rest of the demo stays as it was for a given seed: web requests
 * land on their city's page, the home page or a service page; calls dial a source's number.
 */
function demoAttribution(source: LeadSource, phone: string, zip: string | null) {
  const digit = Number(phone.at(-2));
  if (source === "manual") return { sourceName: digit % 3 === 0 ? "Website" : null };
  if (source === "phone") {
    return { sourceName: DEMO_CALL_SOURCES[digit % DEMO_CALL_SOURCES.length] ?? null };
  }
  const sourceName = DEMO_WEB_SOURCES[digit % DEMO_WEB_SOURCES.length]!;
  const area = zip ? serviceAreas.find((candidate) => candidate.zipCodes.includes(zip)) : undefined;
  const landingPage =
    area && digit % 2 === 0
      ? `/service-areas/${area.slug}-locksmith`
      : digit % 3 === 0
        ? "/services/emergency"
        : "/";
  return {
    sourceName,
    landingPage,
    utmSource: sourceName === "google" || sourceName === "Google Ads" ? "google" : null,
    gclid: sourceName === "Google Ads" ? `demo-${phone.slice(-6)}` : null,
    requestPage: area ? `/request?area=${area.slug}` : "/request",
  };
}
