import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const launch = createRequire(import.meta.url)("./launch.cjs") as {
  buildDecision(state: { builtAt: number; changedAt: number; canBuild: boolean }): string;
};

describe("npm start's build decision", () => {
  it("runs a build that is as new as its sources", () => {
    expect(launch.buildDecision({ builtAt: 20, changedAt: 10, canBuild: true })).toBe("run");
    // A deployed tree: the build, no sources (changedAt 0), no build tools.
    expect(launch.buildDecision({ builtAt: 20, changedAt: 0, canBuild: false })).toBe("run");
  });

  it("builds first on a checkout whose sources changed, or that has no build yet", () => {
    expect(launch.buildDecision({ builtAt: 10, changedAt: 20, canBuild: true })).toBe("build");
    expect(launch.buildDecision({ builtAt: 0, changedAt: 20, canBuild: true })).toBe("build");
  });

  it("without build tools runs a stale build with a warning, and refuses when there is none", () => {
    expect(launch.buildDecision({ builtAt: 10, changedAt: 20, canBuild: false })).toBe("stale");
    expect(launch.buildDecision({ builtAt: 0, changedAt: 20, canBuild: false })).toBe("missing");
  });
});
