import { describe, expect, it } from "vitest";
import { formatFigure, meetsGoal, screenName } from "./speed-view";

describe("the Speed page's words", () => {
  it("names screens from route ids", () => {
    expect(screenName("routes/admin/leads/index")).toBe("leads");
    expect(screenName("routes/admin/leads/lead")).toBe("leads/lead");
    expect(screenName("routes/admin/dashboard/index")).toBe("dashboard");
  });

  it("writes figures in ms, seconds or as a score", () => {
    expect(formatFigure("INP", 184.2)).toBe("184 ms");
    expect(formatFigure("LCP", 2460)).toBe("2.5 s");
    expect(formatFigure("CLS", 0.0512)).toBe("0.05");
    expect(formatFigure("LCP", null)).toBe("—");
  });

  it("checks the goals: p75 INP under 200 ms, LCP under 2.5 s", () => {
    expect(meetsGoal("INP", 199)).toBe(true);
    expect(meetsGoal("INP", 200)).toBe(false);
    expect(meetsGoal("LCP", 2600)).toBe(false);
    expect(meetsGoal("CLS", 0.01)).toBeUndefined();
    expect(meetsGoal("LCP", null)).toBeUndefined();
  });
});
