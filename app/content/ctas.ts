import type { Cta } from "./types";

/** The calls to action the public pages share, worded once. */
export const CALL_NOW: Cta = { label: "Call Now", action: "call" };
export const REQUEST_ONLINE: Cta = { label: "Request Service Online", action: "request" };
export const TEXT_FOR_SERVICE: Cta = { label: "Text for Service", action: "sms" };
