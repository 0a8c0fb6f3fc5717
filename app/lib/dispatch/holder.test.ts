import { expect, it } from "vitest";
import { describeHolder, type HolderFacts } from "./holder";

const now = new Date("2026-11-25T03:00:00Z");
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const offered: HolderFacts = {
  locksmithName: "Andre Davis",
  state: "offered",
  createdAt: minutesBefore(6),
  acceptedAt: null,
  onTheWayAt: null,
  etaMinutes: null,
  arrivedAt: null,
};

it("says who has the lead and how far along, for the office deciding to reassign it", () => {
  expect(describeHolder(offered, now)).toBe(
    "Andre Davis was offered it 6 minutes ago, no answer yet",
  );
  const accepted = { ...offered, state: "accepted" as const, acceptedAt: minutesBefore(4) };
  expect(describeHolder(accepted, now)).toBe("Andre Davis accepted 4 minutes ago");
  expect(
    describeHolder(
      { ...accepted, state: "on_the_way", onTheWayAt: minutesBefore(3), etaMinutes: 25 },
      now,
    ),
  ).toBe("Andre Davis accepted 4 minutes ago, on the way, 25 min");
  // No estimate given yet: none is said.
  expect(
    describeHolder({ ...accepted, state: "on_the_way", onTheWayAt: minutesBefore(3) }, now),
  ).toBe("Andre Davis accepted 4 minutes ago, on the way");
  expect(describeHolder({ ...accepted, state: "arrived", arrivedAt: now }, now)).toBe(
    "Andre Davis arrived just now, on site",
  );
});
