import { facts } from "~/content/business";
import type { ServiceType } from "../business-enums";

/*
 * The arrival the public site promises (app/content/business.ts, issue 45): an emergency
 * lockout never waits more than 30 minutes. An "On my way" estimate above it is not refused
 * (the locksmith knows the road), but it needs a reason and the office hears of it at once,
 * with the next nearest free locksmith, so it can send someone sooner.
 */

/** The services the site sells as emergencies: lockouts of a car, a home or a business. */
const EMERGENCY_SERVICES: readonly ServiceType[] = ["emergency"];

/** The most minutes the site promises for this service, or null when it promises none. */
export function promisedArrivalMinutes(service: ServiceType): number | null {
  return EMERGENCY_SERVICES.includes(service) ? facts.emergencyMaxMinutes : null;
}

/** The promise an estimate breaks, in minutes, or null when it keeps it. */
export function estimateOverPromise(service: ServiceType, minutes: number): number | null {
  const promised = promisedArrivalMinutes(service);
  return promised !== null && minutes > promised ? promised : null;
}

/** The longest reason kept for an estimate over the promise. */
export const LATE_REASON_MAX = 200;

export const ARRIVAL_PROMISE_TEXT = {
  /** By the reason field on the job page, when an estimate over the promise has none. */
  reasonNeeded: (promised: number, minutes: number) =>
    `Emergencies are promised within ${promised} minutes: say why you need ${minutes}. The office is told and may send someone nearer.`,
  reasonTooLong: `Keep the reason to ${LATE_REASON_MAX} characters`,
  /** The field's label. */
  reasonLabel: (promised: number) =>
    `Why more than ${promised} minutes? (needed above ${promised})`,
  /** The alert's details for the office: the estimate, the reason, who else could go. */
  alertDetail: (minutes: number, reason: string, next: string | null) =>
    `${minutes} min estimate: "${reason}". ${next ? `Next nearest free: ${next}` : "No other locksmith is free"}`,
} as const;
