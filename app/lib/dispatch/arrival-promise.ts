import { facts } from "~/content/business";
import type { ServiceType } from "../business-enums";

/*
 * The arrival the public site promises (app/content/business.ts, issue 45): an emergency
 * lockout never waits more than 30 minutes. An "On my way" estimate above it is not refused
 * (the locksmith knows the road), but it needs a reason and the office hears of it at once,
 * with the next nearest free locksmith, so it can send someone sooner. Where the request's
 * area is known the city pages promise more: Chicago 10–15 minutes, the suburbs 15–20, so
 * the estimate is held to that area's upper end (15 or 20); elsewhere to the 30.
 */

/** Where a request is, as the city pages promise: Chicago's neighborhoods or the suburbs. */
export type PromiseArea = "chicago" | "suburbs";

/** The services the site sells as emergencies: lockouts of a car, a home or a business. */
const EMERGENCY_SERVICES: readonly ServiceType[] = ["emergency"];

/** "10-15" → 15: the upper end of an arrival range the site prints. */
export const upperEnd = (range: string) => Number(range.split("-").pop());

/** The most minutes the site promises in an area: Chicago 15, suburbs 20, elsewhere 30. */
export function areaPromiseMinutes(area: PromiseArea | null): number {
  if (area === "chicago") return upperEnd(facts.chicagoArrival);
  if (area === "suburbs") return upperEnd(facts.suburbArrival);
  return facts.emergencyMaxMinutes;
}

/**
 * The most minutes the site promises for this service in this area (the request's
 * promiseAreaOfLead), or null when it promises none.
 */
export function promisedArrivalMinutes(
  service: ServiceType,
  area: PromiseArea | null = null,
): number | null {
  return EMERGENCY_SERVICES.includes(service) ? areaPromiseMinutes(area) : null;
}

/** The promise an estimate breaks, in minutes, or null when it keeps it. */
export function estimateOverPromise(
  service: ServiceType,
  minutes: number,
  area: PromiseArea | null = null,
): number | null {
  const promised = promisedArrivalMinutes(service, area);
  return promised !== null && minutes > promised ? promised : null;
}

/** The longest reason kept for an estimate over the promise. */
export const LATE_REASON_MAX = 200;

const AREA_WORDS: Record<PromiseArea, string> = {
  chicago: "in Chicago",
  suburbs: "in the suburbs",
};

export const ARRIVAL_PROMISE_TEXT = {
  /** By the reason field on the job page, when an estimate over the promise has none. */
  reasonNeeded: (promised: number, minutes: number, area: PromiseArea | null = null) =>
    `Emergencies${area ? ` ${AREA_WORDS[area]}` : ""} are promised within ${promised} minutes: say why you need ${minutes}. The office is told and may send someone nearer.`,
  reasonTooLong: `Keep the reason to ${LATE_REASON_MAX} characters`,
  /** The field's label. */
  reasonLabel: (promised: number) =>
    `Why more than ${promised} minutes? (needed above ${promised})`,
  /** The alert's details for the office: the estimate, the reason, who else could go. */
  alertDetail: (minutes: number, promised: number, reason: string, next: string | null) =>
    `${minutes} min estimate, ${promised} promised: "${reason}". ${next ? `Next nearest free: ${next}` : "No other locksmith is free"}`,
} as const;

/** The longest estimate "On my way" takes, in minutes (the job page's field and its check). */
export const ETA_MAX_MINUTES = 240;
