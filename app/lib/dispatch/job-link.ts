import {
  isLive,
  locksmithEventsIn,
  type AssignmentState,
  type EndReason,
  type LocksmithEvent,
} from "./assignment-machine";

/*
 * What the locksmith's job page (/j/:token) shows and allows, from the state of its
 * assignment (app/lib/dispatch/assignment-machine.ts). The customer's name, phone and
 * address are on the page only while the assignment is live and for 12 hours after it
 * completes; an ended assignment says why it ended, and nothing about the customer.
 */

export const CUSTOMER_SHOWN_HOURS_AFTER_COMPLETION = 12;
const HOUR_MS = 3_600_000;

/** Where the locksmith is with the job, as the page heads it. */
export type JobLinkStage =
  "offered" | "accepted" | "on_the_way" | "arrived" | "completed" | "ended";

export interface JobLinkFacts {
  state: AssignmentState;
  /** Until when an unanswered offer stands. */
  expiresAt: Date;
  completedAt: Date | null;
  endReason: EndReason | null;
}

export interface JobLinkView {
  stage: JobLinkStage;
  actions: LocksmithEvent[];
  /** Whether the page may show who the customer is and where. */
  showsCustomer: boolean;
  /** Why it ended (stage "ended"); an offer past its time reads as expired. */
  endReason: EndReason | null;
}

export function jobLinkView(link: JobLinkFacts, now: Date): JobLinkView {
  if (link.state === "offered" && now >= link.expiresAt) {
    return { stage: "ended", actions: [], showsCustomer: false, endReason: "expired" };
  }
  if (isLive(link.state)) {
    return {
      stage: link.state,
      actions: locksmithEventsIn(link.state),
      showsCustomer: true,
      endReason: null,
    };
  }
  if (link.state === "completed") {
    const shownUntil =
      (link.completedAt?.getTime() ?? 0) + CUSTOMER_SHOWN_HOURS_AFTER_COMPLETION * HOUR_MS;
    return {
      stage: "completed",
      actions: [],
      showsCustomer: now.getTime() < shownUntil,
      endReason: null,
    };
  }
  return { stage: "ended", actions: [], showsCustomer: false, endReason: link.endReason };
}

/**
 * Whether the customer may call the locksmith through the business line: once one has taken
 * the job (an offer is nobody's promise yet) and while the locksmith's page shows the customer.
 */
export function customerMayCall(link: JobLinkFacts, now: Date): boolean {
  return link.state !== "offered" && jobLinkView(link, now).showsCustomer;
}

/** The customer as a locksmith's job page shows them: who, where and what they said. */
export interface JobCustomer {
  name: string;
  /** Only where the business line cannot bridge a call (Twilio not set up; issue 50). */
  phone: string | null;
  address: string | null;
  zip: string | null;
  details: string | null;
}
