import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "../business-enums";
import { openedThingOf, opensSomething } from "./opens";

describe("which services open something", () => {
  it("asks for a check on every service but a smart lock and a key copy", () => {
    const opening = SERVICE_TYPES.filter(opensSomething);
    expect(SERVICE_TYPES.filter((service) => !opening.includes(service))).toEqual([
      "smart_locks",
      "key_duplication",
    ]);
    for (const service of ["emergency", "automotive", "residential", "safes"] as const) {
      expect(opensSomething(service), service).toBe(true);
    }
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
