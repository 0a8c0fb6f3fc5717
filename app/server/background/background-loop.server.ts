import { logger } from "../logger.server";

/**
 * A background job of this process (the text sender, the night watch's timers): a pass
 * every `intervalMs`, and at once when `wake` is called (the change feed says there is
 * work). Passes never overlap: a wake during a pass runs one more right after it. A failed
 * pass is logged and the next one tries again.
 */
export class BackgroundLoop {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<unknown>,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref?.();
    this.wake();
  }

  /** Run a pass now (or right after the one under way). */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          logger.error({ err: error }, `${this.name} pass failed`);
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops the interval and waits for the pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
