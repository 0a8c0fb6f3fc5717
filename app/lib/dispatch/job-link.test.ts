import { describe, expect, it } from "vitest";
import { jobLinkAccess, type JobLinkFacts } from "./job-link";

const now = new Date("2026-11-24T08:00:00Z");
const hour = 3_600_000;
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * hour);
const offered: JobLinkFacts = {
  expiresAt: at(2),
  acceptedAt: null,
  onTheWayAt: null,
  arrivedAt: null,
  revokedAt: null,
  jobClosedAt: null,
};

describe("jobLinkAccess", () => {
  it("offers Accept and Decline until the dispatch code expires", () => {
    expect(jobLinkAccess(offered, now)).toEqual({
      open: true,
      stage: "offered",
      actions: ["accept", "decline"],
    });
    expect(jobLinkAccess({ ...offered, expiresAt: now }, now)).toEqual({ open: false });
  });

  it("stays open once accepted, even past the code's expiry, while the job is open", () => {
    const accepted = { ...offered, expiresAt: at(-5), acceptedAt: at(-6) };
    expect(jobLinkAccess(accepted, now)).toEqual({
      open: true,
      stage: "accepted",
      actions: ["on_my_way", "arrived", "complete", "decline"],
    });
    expect(jobLinkAccess({ ...accepted, onTheWayAt: at(-1) }, now)).toMatchObject({
      stage: "on_the_way",
    });
  });

  it("after arriving, only Complete is left", () => {
    const arrived = { ...offered, acceptedAt: at(-2), onTheWayAt: at(-1.5), arrivedAt: at(-1) };
    expect(jobLinkAccess(arrived, now)).toEqual({
      open: true,
      stage: "arrived",
      actions: ["complete"],
    });
  });

  it("is read only for 7 days after the job closes, then closed", () => {
    const closed = { ...offered, acceptedAt: at(-200), jobClosedAt: at(-24 * 7 + 1) };
    expect(jobLinkAccess(closed, now)).toEqual({ open: true, stage: "closed", actions: [] });
    expect(jobLinkAccess({ ...closed, jobClosedAt: at(-24 * 7) }, now)).toEqual({ open: false });
  });

  it("is closed for good once revoked (declined, dispatched elsewhere)", () => {
    expect(jobLinkAccess({ ...offered, revokedAt: at(-0.1) }, now)).toEqual({ open: false });
    expect(jobLinkAccess({ ...offered, acceptedAt: at(-1), revokedAt: at(-0.1) }, now)).toEqual({
      open: false,
    });
  });
});
