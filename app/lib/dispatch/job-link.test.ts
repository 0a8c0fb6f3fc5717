import { describe, expect, it } from "vitest";
import { customerMayCall, jobLinkView, type JobLinkFacts } from "./job-link";

const now = new Date("2026-11-24T08:00:00Z");
const hour = 3_600_000;
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * hour);
const offered: JobLinkFacts = {
  state: "offered",
  expiresAt: at(2),
  completedAt: null,
  endReason: null,
};

describe("jobLinkView", () => {
  it("offers Accept and Decline, with the customer, until the offer's time is up", () => {
    expect(jobLinkView(offered, now)).toEqual({
      stage: "offered",
      actions: ["accept", "decline"],
      showsCustomer: true,
      endReason: null,
    });
    expect(jobLinkView({ ...offered, expiresAt: now }, now)).toEqual({
      stage: "ended",
      actions: [],
      showsCustomer: false,
      endReason: "expired",
    });
  });

  it("stays open once accepted, past the offer's time, while the job is theirs", () => {
    const accepted = { ...offered, state: "accepted" as const, expiresAt: at(-5) };
    expect(jobLinkView(accepted, now)).toMatchObject({
      stage: "accepted",
      actions: ["decline", "on_my_way", "arrived", "complete"],
      showsCustomer: true,
    });
  });

  it("shows the customer for 12 hours after completing, then only that it is done", () => {
    const completed = { ...offered, state: "completed" as const, completedAt: at(-11.9) };
    expect(jobLinkView(completed, now)).toEqual({
      stage: "completed",
      actions: [],
      showsCustomer: true,
      endReason: null,
    });
    expect(jobLinkView({ ...completed, completedAt: at(-12) }, now)).toMatchObject({
      stage: "completed",
      showsCustomer: false,
    });
  });

  it("says why it ended, and nothing about the customer", () => {
    for (const endReason of [
      "declined",
      "reassigned",
      "cancelled",
      "closed",
      "taken_back",
    ] as const) {
      const state = endReason === "declined" ? "declined" : "withdrawn";
      expect(jobLinkView({ ...offered, state, endReason }, now)).toEqual({
        stage: "ended",
        actions: [],
        showsCustomer: false,
        endReason,
      });
    }
  });
});

describe("customerMayCall", () => {
  it("opens once a locksmith takes the job and closes with the locksmith's own window", () => {
    expect(customerMayCall(offered, now)).toBe(false);
    for (const state of ["accepted", "on_the_way", "arrived"] as const)
      expect(customerMayCall({ ...offered, state, expiresAt: at(-5) }, now)).toBe(true);
    const completed = { ...offered, state: "completed" as const };
    expect(customerMayCall({ ...completed, completedAt: at(-11.9) }, now)).toBe(true);
    expect(customerMayCall({ ...completed, completedAt: at(-12) }, now)).toBe(false);
    expect(
      customerMayCall({ ...offered, state: "declined" as const, endReason: "declined" }, now),
    ).toBe(false);
  });
});
