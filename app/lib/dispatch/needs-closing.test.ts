import { describe, expect, it } from "vitest";
import {
  lastProgressAt,
  needsClosing,
  needsClosingCutoff,
  needsClosingHours,
} from "./needs-closing";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-29T12:00:00Z");

describe("a live assignment that needs closing", () => {
  it("reads its last progress from the newest of its stamps", () => {
    expect(
      lastProgressAt({
        createdAt: at("2026-11-28T20:00:00Z"),
        acceptedAt: at("2026-11-28T20:02:00Z"),
        onTheWayAt: at("2026-11-28T20:05:00Z"),
        arrivedAt: null,
      }),
    ).toEqual(at("2026-11-28T20:05:00Z"));
    expect(lastProgressAt({ createdAt: at("2025-12-03T09:00:00Z") })).toEqual(
      at("2025-12-03T09:00:00Z"),
    );
  });

  it("needs closing after 12 hours without progress by default, not at 12 hours sharp", () => {
    const accepted = (iso: string) => ({
      createdAt: at("2026-11-28T00:00:00Z"),
      acceptedAt: at(iso),
    });
    expect(needsClosing(accepted("2026-11-28T23:59:59Z"), NOW)).toBe(true);
    expect(needsClosing(accepted("2026-11-29T00:00:00Z"), NOW)).toBe(false);
    expect(needsClosing(accepted("2026-11-29T11:00:00Z"), NOW)).toBe(false);
    // An arrival an hour ago is progress, however old the offer.
    expect(
      needsClosing(
        { createdAt: at("2025-12-03T09:00:00Z"), arrivedAt: at("2026-11-29T11:00:00Z") },
        NOW,
      ),
    ).toBe(false);
    // Demo data's old jobs: on a job since December 2025.
    expect(needsClosing({ createdAt: at("2025-12-03T09:00:00Z") }, NOW)).toBe(true);
  });

  it("follows the office's setting, and falls back to 12 hours for a broken one", () => {
    const accepted = { createdAt: at("2026-11-29T05:00:00Z") }; // 7 hours ago
    expect(needsClosing(accepted, NOW, 6)).toBe(true);
    expect(needsClosing(accepted, NOW, 8)).toBe(false);
    expect(needsClosingCutoff(NOW, 6)).toEqual(at("2026-11-29T06:00:00Z"));
    expect(needsClosingHours(6)).toBe(6);
    for (const broken of [undefined, null, 0, -3, 2.5, 500, "12"]) {
      expect(needsClosingHours(broken)).toBe(12);
    }
  });
});
