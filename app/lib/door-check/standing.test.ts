import { describe, expect, it } from "vitest";
import { doorCheckWords, SKIP_REASONS, type DoorCheckFacts } from "./standing";

const at = "2026-11-29T21:04:00.000Z"; // 3:04 PM in Chicago
const check = (over: Partial<DoorCheckFacts> = {}): DoorCheckFacts => ({
  outcome: "checked",
  opened: "home",
  statementWay: "on_screen",
  hadVin: false,
  recordedAt: at,
  statementAt: at,
  locksmithName: "Ana Ruiz",
  purged: false,
  ...over,
});

describe("doorCheckWords", () => {
  it("says nothing for a job that opens nothing", () => {
    expect(doorCheckWords({ jobType: "smart_locks", status: "completed" }, null)).toBeUndefined();
  });

  it("says what was checked, by whom and when, never the contents", () => {
    const words = doorCheckWords({ jobType: "residential", status: "in_progress" }, check());
    expect(words).toEqual({
      standing: "checked",
      label: "Checked",
      detail:
        "by Ana Ruiz on Nov 29, 2026, 3:04 PM: photo ID, a document of authority and the customer's statement (signed on the locksmith's screen), for a home.",
    });
  });

  it("names the customer's phone and a vehicle's VIN", () => {
    const words = doorCheckWords(
      { jobType: "automotive", status: "completed" },
      check({ opened: "vehicle", hadVin: true, statementWay: "customer_link" }),
    );
    expect(words?.detail).toContain("signed on the customer's own phone");
    expect(words?.detail).toContain("for a vehicle, with its VIN and plate.");
  });

  it("says a purged record was checked without any detail", () => {
    const words = doorCheckWords(
      { jobType: "residential", status: "completed" },
      check({ opened: null, statementWay: null, purged: true }),
    );
    expect(words?.standing).toBe("checked");
    expect(words?.detail).toContain("purged after its retention");
  });

  it("says a refusal", () => {
    const words = doorCheckWords(
      { jobType: "emergency", status: "refused" },
      check({ outcome: "refused", opened: null }),
    );
    expect(words?.label).toBe("Refused");
    expect(words?.detail).toBe(
      "no proof of identity or authority by Ana Ruiz on Nov 29, 2026, 3:04 PM; the job ended unpaid.",
    );
  });

  it("says a completed job with no check was skipped, and why", () => {
    expect(doorCheckWords({ jobType: "safes", status: "completed" }, null)).toMatchObject({
      standing: "skipped",
      detail: SKIP_REASONS.noRecord,
    });
    expect(
      doorCheckWords(
        { jobType: "safes", status: "completed" },
        check({ outcome: "awaiting_statement" }),
      ),
    ).toMatchObject({ standing: "skipped", detail: SKIP_REASONS.noStatement });
  });

  it("says an open job is not checked yet, and a cancelled one had no check", () => {
    expect(doorCheckWords({ jobType: "rekeying", status: "in_progress" }, null)?.label).toBe(
      "Not checked yet",
    );
    expect(
      doorCheckWords(
        { jobType: "rekeying", status: "in_progress" },
        check({ outcome: "awaiting_statement" }),
      )?.detail,
    ).toContain("waits on their phone");
    expect(doorCheckWords({ jobType: "rekeying", status: "cancelled" }, null)?.standing).toBe(
      "none",
    );
  });
});
