import { describe, expect, it } from "vitest";
import {
  ASSIGNMENT_STATES,
  LIVE_STATES,
  isHolding,
  isLive,
  locksmithEventsIn,
  nextState,
  transitionOf,
  type AssignmentEvent,
} from "./assignment-machine";

const EVENTS: AssignmentEvent[] = [
  "accept",
  "decline",
  "on_my_way",
  "arrived",
  "complete",
  "withdraw",
  "office_complete",
  "expire",
  "refuse",
];

describe("the assignment state machine", () => {
  it("walks the happy path: offered, accepted, on the way, arrived, completed", () => {
    expect(nextState("offered", "accept")).toBe("accepted");
    expect(nextState("accepted", "on_my_way")).toBe("on_the_way");
    expect(nextState("on_the_way", "on_my_way")).toBe("on_the_way");
    expect(nextState("on_the_way", "arrived")).toBe("arrived");
    expect(nextState("arrived", "complete")).toBe("completed");
  });

  it("ends in declined, expired or withdrawn from where each makes sense", () => {
    expect(nextState("offered", "decline")).toBe("declined");
    expect(nextState("on_the_way", "decline")).toBe("declined");
    // On site the job is theirs to finish: giving it back is a call to the office.
    expect(nextState("arrived", "decline")).toBeUndefined();
    expect(nextState("offered", "expire")).toBe("expired");
    expect(nextState("accepted", "expire")).toBeUndefined();
    for (const state of LIVE_STATES) expect(nextState(state, "withdraw")).toBe("withdrawn");
  });

  it("moves nothing once ended: a withdrawn link cannot accept or complete", () => {
    for (const state of ASSIGNMENT_STATES.filter((state) => !isLive(state))) {
      for (const event of EVENTS)
        expect(nextState(state, event), `${state}/${event}`).toBe(undefined);
    }
  });

  it("completes only a job someone holds: never straight from an offer", () => {
    expect(nextState("offered", "complete")).toBeUndefined();
    expect(nextState("offered", "office_complete")).toBeUndefined();
    expect(nextState("accepted", "office_complete")).toBe("completed");
  });

  it("allows exactly the transitions of decision 0026's diagram, and its conditional updates agree", () => {
    // Written out by hand from the diagram: a second reading, not the module's own table.
    const ALLOWED: Record<AssignmentEvent, [string[], string]> = {
      accept: [["offered"], "accepted"],
      decline: [["offered", "accepted", "on_the_way"], "declined"],
      on_my_way: [["accepted", "on_the_way"], "on_the_way"],
      arrived: [["accepted", "on_the_way"], "arrived"],
      complete: [["accepted", "on_the_way", "arrived"], "completed"],
      withdraw: [["offered", "accepted", "on_the_way", "arrived"], "withdrawn"],
      office_complete: [["accepted", "on_the_way", "arrived"], "completed"],
      expire: [["offered"], "expired"],
      refuse: [["accepted", "on_the_way", "arrived"], "refused"],
    };
    for (const event of EVENTS) {
      const [from, to] = ALLOWED[event];
      expect(transitionOf(event)).toEqual({ to, from });
      for (const state of ASSIGNMENT_STATES) {
        expect(nextState(state, event)).toBe(from.includes(state) ? to : undefined);
      }
    }
  });

  it("offers the locksmith the buttons of where they are", () => {
    expect(locksmithEventsIn("offered")).toEqual(["accept", "decline"]);
    expect(locksmithEventsIn("accepted")).toEqual(["decline", "on_my_way", "arrived", "complete"]);
    expect(locksmithEventsIn("arrived")).toEqual(["complete"]);
    expect(locksmithEventsIn("withdrawn")).toEqual([]);
    expect(isHolding("accepted") && isHolding("arrived") && !isHolding("offered")).toBe(true);
  });
});
