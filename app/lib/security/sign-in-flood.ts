/*
 * A sign-in flood from many addresses (issue 47): each address alone stays under its own
 * budget, so only a count of all failures tells it is happening. Above a global budget of
 * failed sign-ins a minute, a sign-in from an address with no recent success waits its turn
 * (refused with Retry-After), while an address that signed in successfully lately keeps its
 * lane: the office's own people get in whatever the flood does. Counted in memory, per
 * process: refusing costs a map lookup and writes nothing.
 */

export interface SignInFloodRule {
  /** Failed sign-ins a minute, from everyone, before new addresses are held back. */
  failuresPerMinute: number;
  /** How long a success keeps an address in the known lane. */
  knownForMs: number;
  /** Addresses remembered at most (the longest-unseen are forgotten first). */
  maxKnown: number;
}

export const SIGN_IN_FLOOD: SignInFloodRule = {
  failuresPerMinute: 60,
  knownForMs: 30 * 86_400_000,
  maxKnown: 10_000,
};

const MINUTE = 60_000;

export class SignInFloodGuard {
  /** Failures per whole second of the last minute (a ring of 60 counters). */
  private readonly seconds = new Array<number>(60).fill(0);
  private readonly stamps = new Array<number>(60).fill(0);
  private readonly known = new Map<string, number>();

  constructor(private readonly rule: SignInFloodRule = SIGN_IN_FLOOD) {}

  /** Failed sign-ins in the minute before `now`. */
  failuresLastMinute(now = Date.now()): number {
    let total = 0;
    for (let i = 0; i < 60; i++) {
      if (now - this.stamps[i]! < MINUTE) total += this.seconds[i]!;
    }
    return total;
  }

  /** Whether a sign-in from `address` goes ahead now; when not, whole seconds to wait. */
  admit(
    address: string,
    now = Date.now(),
  ): { allowed: true } | { allowed: false; retryAfter: number } {
    if (this.isKnown(address, now)) return { allowed: true };
    if (this.failuresLastMinute(now) < this.rule.failuresPerMinute) return { allowed: true };
    // The oldest second still counted leaves the window soonest.
    const oldest = Math.min(
      ...this.stamps.filter((stamp, i) => now - stamp < MINUTE && this.seconds[i]! > 0),
    );
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((oldest + MINUTE - now) / 1000)) };
  }

  failed(now = Date.now()): void {
    const second = Math.floor(now / 1000);
    const slot = second % 60;
    if (this.stamps[slot] !== second * 1000) {
      this.stamps[slot] = second * 1000;
      this.seconds[slot] = 0;
    }
    this.seconds[slot]! += 1;
  }

  succeeded(address: string, now = Date.now()): void {
    this.known.delete(address);
    this.known.set(address, now);
    if (this.known.size > this.rule.maxKnown) {
      this.known.delete(this.known.keys().next().value!);
    }
  }

  private isKnown(address: string, now: number): boolean {
    const at = this.known.get(address);
    return at !== undefined && now - at < this.rule.knownForMs;
  }
}
