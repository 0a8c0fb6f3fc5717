import { describe, expect, it } from "vitest";
import { doorCheckReport, openings } from "./report";

describe("the door-check report", () => {
  it("puts the locksmith who skips checks first, the rest by name, and totals them", () => {
    const report = doorCheckReport([
      { locksmithId: "a", locksmithName: "Ana", checked: 5, skipped: 0, refused: 1 },
      { locksmithId: null, locksmithName: null, checked: 0, skipped: 1, refused: 0 },
      { locksmithId: "z", locksmithName: "Zed", checked: 1, skipped: 3, refused: 0 },
      { locksmithId: "b", locksmithName: "Bo", checked: 2, skipped: 0, refused: 0 },
    ]);
    expect(report.rows.map((row) => row.locksmithName)).toEqual(["Zed", null, "Ana", "Bo"]);
    expect(report.total).toEqual({ checked: 8, skipped: 4, refused: 1 });
    expect(openings(report.total)).toBe(13);
  });

  it("totals nothing for an empty period", () => {
    expect(doorCheckReport([])).toEqual({
      rows: [],
      total: { checked: 0, skipped: 0, refused: 0 },
    });
  });
});
