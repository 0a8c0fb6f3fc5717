/*
 * What a failed try means for the text: refused for good (a bad number, an opted-out
 * recipient: retrying cannot help), worth another try (Twilio busy or down, the network
 * refused to connect), or unanswered (the request may have reached Twilio: before another
 * try, ask whether it went out).
 */

import { backoffMs, TEXT_RETRY } from "~/lib/background/retry-policy";

export type TryOutcome =
  | { kind: "refused"; error: string }
  | { kind: "retry"; error: string }
  | { kind: "unanswered"; error: string };

/** Network errors raised before the request could reach Twilio. */
const NEVER_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

export function classifyTryError(error: unknown): TryOutcome {
  const { status, code, message } = (error ?? {}) as ErrorLike;
  const text = typeof message === "string" && message ? message : String(error);
  if (typeof status === "number") {
    // Twilio answered: its error code names the problem ("21211: invalid 'To' number").
    const described =
      typeof code === "number" ? `Twilio ${code}: ${text}` : `HTTP ${status}: ${text}`;
    if (status === 429 || status >= 500) return { kind: "retry", error: described };
    return { kind: "refused", error: described };
  }
  if (typeof code === "string" && NEVER_SENT.has(code)) {
    return { kind: "retry", error: `${code}: ${text}` };
  }
  return { kind: "unanswered", error: typeof code === "string" ? `${code}: ${text}` : text };
}

/** Waits between tries: 30 s, 1 min, 2 min, 4 min (the texts' retry policy, decision 0060). */
export function retryDelayMs(attemptsSoFar: number): number {
  return backoffMs(TEXT_RETRY, attemptsSoFar);
}
