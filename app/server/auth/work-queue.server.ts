/**
 * At most `concurrency` tasks at once, at most `maxWaiting` waiting for a turn; a task beyond
 * that is refused at once (QueueFullError) rather than queued without end. For work that
 * must not take the whole machine however many ask at once (password hashing).
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private averageMs: number;

  constructor(
    private readonly limits: { concurrency: number; maxWaiting: number },
    /** What one task is expected to take until some have been timed. */
    expectedMs: number,
  ) {
    this.averageMs = expectedMs;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else if (this.waiting.length < this.limits.maxWaiting) {
      // The slot is handed over by the task that finishes (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new QueueFullError(this.secondsUntilFree());
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      // A moving average, so Retry-After follows what the machine does now.
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How long the work already accepted should take, in whole seconds (at least 1). */
  secondsUntilFree(): number {
    const queued = this.running + this.waiting.length;
    return Math.max(1, Math.ceil((queued / this.limits.concurrency) * (this.averageMs / 1000)));
  }

  /** What one task takes lately (a moving average), in ms. */
  get typicalMs(): number {
    return this.averageMs;
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Busy: try again in ${retryAfterSeconds} s`);
  }
}
