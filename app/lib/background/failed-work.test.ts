import { describe, expect, it } from "vitest";
import { TIMER_KINDS } from "~/lib/night-watch/timer-kinds";
import { describeWork, errorInWords, TIMER_WORK_LABELS } from "./failed-work";

describe("describeWork", () => {
  it("says a timer's purpose and whose request it was for", () => {
    expect(describeWork({ work: "timer", kind: "escalation", leadName: "Dana Cole" })).toBe(
      "Escalation for Dana Cole's request",
    );
    expect(describeWork({ work: "timer", kind: "clock_rules", leadName: null })).toBe(
      "Clock rules check",
    );
  });

  it("has words for every timer kind, and a readable fallback for one it does not know", () => {
    for (const kind of TIMER_KINDS) expect(TIMER_WORK_LABELS[kind]).toMatch(/^[A-Z]/);
    expect(describeWork({ work: "timer", kind: "old_kind", leadName: null })).toBe("old kind");
  });

  it("says who a text was to, and about which request", () => {
    expect(
      describeWork({
        work: "text",
        to: "+17085550142",
        leadName: "Dana Cole",
        locksmithName: null,
      }),
    ).toBe("Text to (708) 555-0142 about Dana Cole's request");
    expect(
      describeWork({ work: "text", to: "+17085550142", leadName: null, locksmithName: "Ann Ames" }),
    ).toBe("Text to Ann Ames");
  });
});

describe("errorInWords", () => {
  it("says a network error in words, keeping the original", () => {
    expect(errorInWords("connect ECONNREFUSED 127.0.0.1:25")).toBe(
      "The other service refused the connection (it may be down). (connect ECONNREFUSED 127.0.0.1:25)",
    );
    expect(errorInWords("Request timed out after 15000 ms")).toMatch(/^The other service did not/);
  });

  it("keeps an error already in words, and says when none was recorded", () => {
    expect(errorInWords("The server stopped 8 times while running this.")).toBe(
      "The server stopped 8 times while running this.",
    );
    expect(errorInWords(null)).toBe("No error was recorded.");
    expect(errorInWords("  ")).toBe("No error was recorded.");
  });
});
