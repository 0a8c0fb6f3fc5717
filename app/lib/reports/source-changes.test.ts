import { describe, expect, test } from "vitest";
import { describeSourceChange, sourceChangeLine } from "./source-changes";

describe("a change to the sources, as the page tells it", () => {
  test("each kind of change, with the numbers and amounts a person reads", () => {
    expect(describeSourceChange({ action: "source_added", name: "Yelp" })).toBe(
      "Added the source Yelp",
    );
    expect(
      describeSourceChange({ action: "source_deleted", name: "Yelp", numbers: 1, months: 3 }),
    ).toBe("Deleted the source Yelp, with 1 tracking number and 3 months of spend");
    expect(
      describeSourceChange({ action: "number_added", name: "Yelp", phone: "+13125550199" }),
    ).toBe("Added (312) 555-0199 to Yelp");
    expect(
      describeSourceChange({ action: "number_removed", name: "Yelp", phone: "+13125550199" }),
    ).toBe("Removed (312) 555-0199 from Yelp");
    expect(
      describeSourceChange({
        action: "spend_set",
        name: "Yelp",
        month: "2026-11-01",
        amountCents: 45_000,
        previousCents: 40_000,
      }),
    ).toBe("Set Yelp's spend for November 2026 to $450.00 (was $400.00)");
    expect(
      describeSourceChange({
        action: "spend_set",
        name: "Yelp",
        month: "2026-01-01",
        amountCents: 0,
        previousCents: null,
      }),
    ).toBe("Set Yelp's spend for January 2026 to $0.00");
    expect(describeSourceChange({ action: "spend_imported", months: 12, sources: 1 })).toBe(
      "Imported 12 months of spend for 1 source",
    );
  });
  test("who: the team member's name, or what kind of actor it was", () => {
    const line = sourceChangeLine({
      at: "2026-11-27T05:00:00.000Z",
      actorKind: "user",
      actorName: null,
      change: { action: "source_added", name: "Yelp" },
    });
    expect(line).toEqual({
      at: "2026-11-27T05:00:00.000Z",
      who: "A team member",
      what: "Added the source Yelp",
    });
  });
});
