/*
 * A per-address budget counted in memory (decision 0032): a token bucket per client address,
 * so refusing a flood costs a map lookup and writes nothing. Each process keeps its own; what
 * must hold across processes (per link, per account) stays in the database.
 */

export interface BudgetRule {
  /** Requests an address may make at once (the bucket's size). */
  burst: number;
  /** Requests added back each second. */
  perSecond: number;
}

export interface BudgetAnswer {
  allowed: boolean;
  /** Whole seconds until one more request is allowed, when refused. */
  retryAfter: number | null;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Addresses remembered at most: past it, the longest-unseen go first (memory stays bounded). */
const DEFAULT_MAX_ADDRESSES = 50_000;

export class AddressBudget {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: BudgetRule,
    private readonly maxAddresses = DEFAULT_MAX_ADDRESSES,
  ) {}

  /** Spends `cost` of the address's budget when it has that much; says whether it had. */
  take(address: string, cost = 1, now = Date.now()): BudgetAnswer {
    const bucket = this.refilled(address, now);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return { allowed: true, retryAfter: null };
    }
    return { allowed: false, retryAfter: this.secondsUntil(bucket, cost) };
  }

  /**
   * Spends `cost` whatever is left, down to one bucket's worth of debt: for what is known only
   * after the answer (a link that does not exist), so probing made-up links empties the
   * budget faster than using a real one.
   */
  charge(address: string, cost: number, now = Date.now()): void {
    const bucket = this.refilled(address, now);
    bucket.tokens = Math.max(-this.rule.burst, bucket.tokens - cost);
  }

  private refilled(address: string, now: number): Bucket {
    let bucket = this.buckets.get(address);
    if (bucket) {
      // Seen again: to the back of the eviction order.
      this.buckets.delete(address);
      const seconds = Math.max(0, now - bucket.at) / 1000;
      bucket.tokens = Math.min(this.rule.burst, bucket.tokens + seconds * this.rule.perSecond);
      bucket.at = now;
    } else {
      bucket = { tokens: this.rule.burst, at: now };
      if (this.buckets.size >= this.maxAddresses) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    this.buckets.set(address, bucket);
    return bucket;
  }

  private secondsUntil(bucket: Bucket, cost: number): number {
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.rule.perSecond));
  }

  get size(): number {
    return this.buckets.size;
  }
}
