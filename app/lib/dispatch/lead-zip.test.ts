import { describe, expect, it } from "vitest";
import { leadZip } from "./lead-zip";

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
