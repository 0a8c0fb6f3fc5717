import { describe, expect, it } from "vitest";
import { QueueFullError, WorkQueue } from "./work-queue.server";

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("WorkQueue", () => {
  it("runs at most `concurrency` tasks at once and the rest in order", async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 10 }, 100);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 10));
          order.push(i);
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once beyond the waiting room, with how long the accepted work takes", async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 2 }, 1_500);
    const hold = gate();
    const accepted = [0, 1, 2].map(() => queue.run(() => hold.opened));
    expect(queue.stats).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    // Three accepted tasks of ~1.5 s on one lane: 4.5 s, rounded up.
    expect((refused as QueueFullError).retryAfterSeconds).toBe(5);
    hold.open();
    await Promise.all(accepted);
    expect(await queue.run(async () => "ran")).toBe("ran");
  });

  it("frees the slot when a task fails", async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 }, 10);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => 42)).toBe(42);
  });
});
