import { describe, expect, it } from "vitest";
import { splitNeedsAttention } from "./needs-attention";

describe("the Needs attention queue", () => {
  const now = new Date("2026-11-28T08:00:00Z");
  const ago = (minutes: number) => ({
    id: `${minutes} min`,
    since: new Date(now.getTime() - minutes * 60_000).toISOString(),
  });

  it("puts the newest first and folds alerts older than an hour away", () => {
    const { recent, older } = splitNeedsAttention(
      [ago(23 * 60), ago(2), ago(4 * 60), ago(60), ago(61), ago(0)],
      now,
    );
    expect(recent.map((item) => item.id)).toEqual(["0 min", "2 min", "60 min"]);
    expect(older.map((item) => item.id)).toEqual(["61 min", "240 min", "1380 min"]);
  });

  it("leaves an empty queue empty", () => {
    expect(splitNeedsAttention([], now)).toEqual({ recent: [], older: [] });
  });
});
