import { describe, expect, it } from "vitest";
import { createAssignOrder, leadZip } from "./assign-order";

const ana = { id: "a", name: "Ana Ruiz", assignedZips: ["60453", "60455"] };
const ben = { id: "b", name: "ben Okafor", assignedZips: ["60601"] };
const cal = { id: "c", name: "Cal Nowak", assignedZips: [] };
const dee = { id: "d", name: "Dee Park", assignedZips: ["60453"] };

describe("leadZip", () => {
  it("reads the first 5-digit ZIP in free text", () => {
    expect(leadZip("60453")).toBe("60453");
    expect(leadZip(" 60601-1234 ")).toBe("60601");
    expect(leadZip("zip 60453, near the mall")).toBe("60453");
  });

  it("gives null when there is none", () => {
    expect(leadZip(null)).toBeNull();
    expect(leadZip(undefined)).toBeNull();
    expect(leadZip("")).toBeNull();
    expect(leadZip("6045")).toBeNull();
    // Six digits is not a ZIP, and its first five are not either.
    expect(leadZip("604531")).toBeNull();
  });
});

describe("createAssignOrder", () => {
  const order = createAssignOrder([dee, cal, ben, ana]);

  it("puts the locksmiths covering the lead's ZIP first, each group by name", () => {
    const groups = order("60453");
    expect(groups.zip).toBe("60453");
    expect(groups.covering.map((l) => l.id)).toEqual(["a", "d"]);
    expect(groups.others.map((l) => l.id)).toEqual(["b", "c"]);
  });

  it("sorts names case-insensitively", () => {
    expect(order(null).others.map((l) => l.name)).toEqual([
      "Ana Ruiz",
      "ben Okafor",
      "Cal Nowak",
      "Dee Park",
    ]);
  });

  it("has nobody covering when the lead has no readable ZIP or nobody serves it", () => {
    for (const zip of [null, "", "downtown", "60999"]) {
      const groups = order(zip);
      expect(groups.covering).toEqual([]);
      expect(groups.others).toHaveLength(4);
    }
    expect(order("60999").zip).toBe("60999");
  });

  it("reads the ZIP out of free text", () => {
    expect(order("Zip: 60601-2200").covering.map((l) => l.id)).toEqual(["b"]);
  });

  it("breaks ties on equal names by id, and does not touch its input", () => {
    const input = [
      { id: "z", name: "Sam Lee", assignedZips: [] },
      { id: "y", name: "sam lee", assignedZips: [] },
    ];
    expect(createAssignOrder(input)(null).others.map((l) => l.id)).toEqual(["y", "z"]);
    expect(input.map((l) => l.id)).toEqual(["z", "y"]);
  });

  it("handles an empty roster", () => {
    expect(createAssignOrder([])("60453")).toEqual({ zip: "60453", covering: [], others: [] });
  });
});
