import type { ServiceType } from "../business-enums";

/*
 * Which jobs open something, and so need a check of identity and authority before the quote
 * (issue 49, decision 0069). Read from the service catalogue (app/content/services.ts): a
 * lockout (home, car, business), a car opening or key code, a home's rekey or lock change, a
 * business's locks, a safe opening. A smart lock fitted to a door the customer has open, or a
 * copy cut from a key they hold, opens nothing that was shut to them.
 */

export const OPENING_SERVICES = [
  "emergency",
  "residential",
  "commercial",
  "automotive",
  "rekeying",
  "safes",
] as const satisfies readonly ServiceType[];

export function opensSomething(service: ServiceType): boolean {
  return (OPENING_SERVICES as readonly string[]).includes(service);
}

/** What is being opened: a vehicle needs its VIN and plate (and a NASTF D1 record). */
export const OPENED_THINGS = ["home", "business", "vehicle", "safe"] as const;
export type OpenedThing = (typeof OPENED_THINGS)[number];

export const OPENED_THING_LABELS: Record<OpenedThing, string> = {
  home: "A home",
  business: "A business",
  vehicle: "A vehicle",
  safe: "A safe",
};

/**
 * What a service opens when the locksmith cannot choose (a car job is a vehicle, a safe job a
 * safe), or undefined when it may be any of them (an emergency lockout: home, car or business).
 */
export function openedThingOf(service: ServiceType): OpenedThing | undefined {
  switch (service) {
    case "automotive":
      return "vehicle";
    case "safes":
      return "safe";
    case "commercial":
      return "business";
    case "residential":
    case "rekeying":
      return "home";
    default:
      return undefined;
  }
}
