import { describe, expect, it } from "vitest";
import { LEAD_STATUSES, SERVICE_TYPES } from "../business-enums";
import {
  LEAD_STATUS_LABELS,
  leadDisplayName,
  SERVICE_TYPE_LABELS,
  serviceTypeLabel,
  serviceTypesMatching,
} from "./lead-labels";
import {
  CALL_STATUS_LABELS,
  DISPATCH_CODE_STATUS_LABELS,
  JOB_STATUS_LABELS,
} from "../status-labels";

describe("lead labels", () => {
  // docs/spec/back-office.md §3, lead service types.
  it("uses the spec's service type names: Emergency Lockout, the rest as their names", () => {
    expect(Object.keys(SERVICE_TYPE_LABELS)).toEqual([...SERVICE_TYPES]);
    expect(serviceTypeLabel("emergency")).toBe("Emergency Lockout");
    for (const type of SERVICE_TYPES.filter((t) => t !== "emergency")) {
      const words = type.split("_").map((word) => word[0]!.toUpperCase() + word.slice(1));
      expect(SERVICE_TYPE_LABELS[type]).toBe(words.join(" "));
    }
    expect(serviceTypeLabel("smart_locks")).toBe("Smart Locks");
  });

  it("labels every status", () => {
    expect(Object.keys(LEAD_STATUS_LABELS)).toEqual([...LEAD_STATUSES]);
    expect(LEAD_STATUS_LABELS.in_progress).toBe("In Progress");
    expect(JOB_STATUS_LABELS.completed).toBe("Completed");
    expect(DISPATCH_CODE_STATUS_LABELS.expired).toBe("Expired");
    expect(CALL_STATUS_LABELS.missed).toBe("Missed");
  });

  it("calls a lead without a name 'Unknown'", () => {
    expect(leadDisplayName(null)).toBe("Unknown");
    expect(leadDisplayName(undefined)).toBe("Unknown");
    expect(leadDisplayName("   ")).toBe("Unknown");
    expect(leadDisplayName(" Ann Lee ")).toBe("Ann Lee");
  });

  it("finds service types by what the admin sees or the stored value", () => {
    expect(serviceTypesMatching("lockout")).toEqual(["emergency"]);
    expect(serviceTypesMatching("EMERG")).toEqual(["emergency"]);
    expect(serviceTypesMatching("smart_locks")).toEqual(["smart_locks"]);
    expect(serviceTypesMatching("smart locks")).toEqual(["smart_locks"]);
    // Substring, as everywhere: "key" is in "Rekeying" too.
    expect(serviceTypesMatching("key")).toEqual(["rekeying", "key_duplication"]);
    expect(serviceTypesMatching("res")).toEqual(["residential"]);
    expect(serviceTypesMatching("zzz")).toEqual([]);
    expect(serviceTypesMatching("  ")).toEqual([]);
  });
});
