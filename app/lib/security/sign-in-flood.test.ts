import { describe, expect, it } from "vitest";
import { SignInFloodGuard } from "./sign-in-flood";

const rule = { failuresPerMinute: 5, knownForMs: 3_600_000, maxKnown: 3 };
const T = 1_800_000_000_000;

describe("SignInFloodGuard", () => {
  it("lets everyone try while failures stay under the budget", () => {
    const guard = new SignInFloodGuard(rule);
    for (let i = 0; i < 4; i++) guard.failed(T + i);
    expect(guard.admit("203.0.113.9", T + 10)).toEqual({ allowed: true });
  });

  it("above it, holds back new addresses and keeps the known ones' lane", () => {
    const guard = new SignInFloodGuard(rule);
    guard.succeeded("198.51.100.7", T);
    for (let i = 0; i < 5; i++) guard.failed(T + 1_000 + i);
    expect(guard.admit("203.0.113.9", T + 2_000)).toEqual({ allowed: false, retryAfter: 59 });
    expect(guard.admit("198.51.100.7", T + 2_000)).toEqual({ allowed: true });
    // A minute on, the failures have left the window.
    expect(guard.admit("203.0.113.9", T + 61_001)).toEqual({ allowed: true });
  });

  it("forgets a success after its time, and the longest-unseen first past its size", () => {
    const guard = new SignInFloodGuard(rule);
    for (const address of ["a", "b", "c", "d"]) guard.succeeded(address, T);
    for (let i = 0; i < 5; i++) guard.failed(T + 1_000 + i);
    expect(guard.admit("a", T + 2_000).allowed).toBe(false);
    expect(guard.admit("d", T + 2_000).allowed).toBe(true);
    const later = T + 3_600_000 + 1_000;
    for (let i = 0; i < 5; i++) guard.failed(later + i);
    expect(guard.admit("d", later + 10).allowed).toBe(false);
  });
});
