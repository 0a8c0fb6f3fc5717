import { describe, expect, it } from "vitest";
import { failedWorkActionSchema, KEEP_DAYS_ERROR } from "./failed-work";

const UUID = "0b6f1c1e-4f7a-4c55-9d57-6f3f0a3c2b11";
const parse = (value: Record<string, unknown>) => failedWorkActionSchema.safeParse(value);
const errorOf = (value: Record<string, unknown>) =>
  parse(value).error?.issues.map((issue) => issue.message);

describe("failedWorkActionSchema", () => {
  it("takes Retry now and Drop of a timer or a text by its id", () => {
    expect(parse({ intent: "retry", work: "timer", workId: UUID }).data).toEqual({
      intent: "retry",
      work: "timer",
      workId: UUID,
    });
    expect(parse({ intent: "drop", work: "text", workId: UUID }).success).toBe(true);
  });

  it("refuses another kind of work or an id that is not one", () => {
    expect(parse({ intent: "retry", work: "job", workId: UUID }).success).toBe(false);
    expect(parse({ intent: "drop", work: "timer", workId: "1; drop table" }).success).toBe(false);
    expect(parse({ intent: "drop", work: "timer" }).success).toBe(false);
  });

  it("keeps finished work a whole number of days from 1 to 365", () => {
    expect(parse({ intent: "keep", keepDoneDays: " 30 " }).data).toEqual({
      intent: "keep",
      keepDoneDays: 30,
    });
    for (const days of ["0", "366", "1.5", "1e2", "", "two weeks"]) {
      expect(errorOf({ intent: "keep", keepDoneDays: days })).toEqual([KEEP_DAYS_ERROR]);
    }
    expect(errorOf({ intent: "keep" })).toEqual([KEEP_DAYS_ERROR]);
  });
});
