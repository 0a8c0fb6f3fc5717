import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "./format";

describe("date formatting", () => {
  it("uses Chicago time and plain spaces", () => {
    expect(formatDateTime(new Date("2026-11-22T03:30:00Z"))).toBe("Nov 21, 2026, 9:30 PM");
    expect(formatDate("2026-07-04T12:00:00Z")).toBe("Jul 4, 2026");
    expect(formatTime("2026-11-25T08:14:00Z")).toBe("2:14 AM");
  });
});
