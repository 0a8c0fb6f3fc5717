import { describe, expect, it } from "vitest";
import {
  DEFAULT_LADDER,
  ladderRungs,
  ladderStopText,
  nextWakeAt,
  rungLabel,
  stepAt,
  type LadderSettings,
} from "./escalation-ladder";

const dana = { name: "Dana", phone: "+17735550101" };
const backup = { name: "Ray", phone: "+17735550102", push: false, text: true, call: true };
const owner = { name: "Owner", phone: "+17735550103", push: true, text: true, call: false };
const ladder: LadderSettings = { ...DEFAULT_LADDER, backups: [backup, owner] };

describe("ladderRungs", () => {
  it("puts the on-call operator first, then the backups in order", () => {
    expect(ladderRungs(ladder, dana).map((rung) => rung.name)).toEqual(["Dana", "Ray", "Owner"]);
    expect(ladderRungs(ladder, dana)[0]).toMatchObject({ push: true, text: true, call: true });
  });

  it("skips a person who cannot be woken (no phone and no push, or no way ticked)", () => {
    const silent = { name: "Nobody", phone: null, push: false, text: true, call: true };
    const unticked = { ...backup, name: "Unticked", text: false, call: false };
    const rungs = ladderRungs({ ...ladder, backups: [silent, unticked, owner] }, dana);
    expect(rungs.map((rung) => rung.name)).toEqual(["Dana", "Owner"]);
    // One way to reach a phone is enough: a text alone, or a call alone.
    const textOnly = { ...backup, name: "Texts", call: false };
    const callOnly = { ...backup, name: "Calls", text: false };
    const reached = ladderRungs({ ...ladder, backups: [textOnly, callOnly] }, dana);
    expect(reached.map((rung) => rung.name)).toEqual(["Dana", "Texts", "Calls"]);
  });

  it("starts with nobody after the on-call operator", () => {
    expect(DEFAULT_LADDER.backups).toEqual([]);
    expect(ladderRungs(DEFAULT_LADDER, dana)).toHaveLength(1);
  });

  it("with nobody set, still pushes every operator's devices (never an empty ladder)", () => {
    const textOnly = { ...DEFAULT_LADDER, onCallBy: { push: false, text: true, call: true } };
    expect(ladderRungs(textOnly, { name: null, phone: null })).toEqual([
      { name: null, phone: null, push: true, text: false, call: false },
    ]);
  });
});

describe("stepAt", () => {
  it("climbs rung by rung, then round again, then is spent", () => {
    const steps = [0, 1, 2, 3, 4, 5, 6].map((step) => stepAt(step, 3, 2));
    expect(steps).toEqual([
      { rung: 0, round: 0 },
      { rung: 1, round: 0 },
      { rung: 2, round: 0 },
      { rung: 0, round: 1 },
      { rung: 1, round: 1 },
      { rung: 2, round: 1 },
      null,
    ]);
  });

  it("a one-rung ladder wakes the same person each round", () => {
    expect(stepAt(1, 1, 3)).toEqual({ rung: 0, round: 1 });
    expect(stepAt(3, 1, 3)).toBeNull();
    expect(stepAt(-1, 1, 3)).toBeNull();
    expect(stepAt(0, 0, 3)).toBeNull();
  });
});

it("the next wake-up is the interval after the last", () => {
  const at = new Date("2026-11-29T03:00:00Z");
  expect(nextWakeAt(at, { ...ladder, everyMinutes: 3 })).toEqual(new Date("2026-11-29T03:03:00Z"));
});

it("names rungs and stops in words", () => {
  expect(rungLabel({ ...backup, name: null }, 0)).toBe("On call");
  expect(rungLabel(backup, 2)).toBe("Ray (backup 2)");
  expect(rungLabel({ ...backup, name: null }, 1)).toBe("Backup 1");
  expect(ladderStopText("opened")).toBe("Wake-ups stopped: the lead was opened");
  expect(ladderStopText("spent")).toBe("Wake-ups stopped: everyone on the ladder was woken");
  expect(ladderStopText("dispatched")).toBe(
    "Wake-ups stopped: the office dispatched the lead or changed its status",
  );
  expect(ladderStopText("acknowledged")).toBe("Wake-ups stopped: acknowledged");
  expect(ladderStopText("taken")).toBe("Wake-ups stopped: a locksmith took the request");
});
