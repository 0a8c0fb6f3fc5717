import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "../business-enums";
import { openedThingOf, opensSomething } from "./opens";

describe("which services open something", () => {
  it("asks for a check on lockouts, cars, homes, businesses, rekeys and safes", () => {
    const opening = SERVICE_TYPES.filter(opensSomething);
    expect(opening).toEqual([
      "emergency",
      "residential",
      "commercial",
      "automotive",
      "rekeying",
      "safes",
    ]);
  });

  it("asks nothing for a smart lock fitted to an open door or a copy of a key in hand", () => {
    expect(opensSomething("smart_locks")).toBe(false);
    expect(opensSomething("key_duplication")).toBe(false);
  });

  it("knows a car job opens a vehicle and lets an emergency lockout say what it opens", () => {
    expect(openedThingOf("automotive")).toBe("vehicle");
    expect(openedThingOf("safes")).toBe("safe");
    expect(openedThingOf("emergency")).toBeUndefined();
  });
});
