import { describe, expect, it } from "vitest";
import { BackgroundLoop } from "./background-loop.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("BackgroundLoop", () => {
  it("never overlaps passes: wakes during a pass run exactly one more after it", async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const gate = deferred();
    const loop = new BackgroundLoop("test", async () => {
      running += 1;
      most = Math.max(most, running);
      passes += 1;
      if (passes === 1) await gate.promise;
      running -= 1;
    });
    loop.wake();
    loop.wake();
    loop.wake();
    gate.resolve();
    await loop.stop();
    expect(most).toBe(1);
    expect(passes).toBe(2);
  });

  it("goes on after a failed pass", async () => {
    let passes = 0;
    const loop = new BackgroundLoop("test", async () => {
      passes += 1;
      if (passes === 1) throw new Error("database gone for a moment");
    });
    loop.wake();
    await loop.stop();
    loop.wake();
    await loop.stop();
    expect(passes).toBe(2);
  });

  it("runs a pass at start and on its interval until stopped", async () => {
    let passes = 0;
    const loop = new BackgroundLoop("test", async () => {
      passes += 1;
    });
    loop.start(10);
    await new Promise((resolve) => setTimeout(resolve, 55));
    await loop.stop();
    const stoppedAt = passes;
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(stoppedAt);
  });
});
