import { describe, expect, test } from "vitest";
import { AddressBudget } from "./address-budget";

describe("AddressBudget", () => {
  test("allows a burst, then refuses with the wait until the next request", () => {
    const budget = new AddressBudget({ burst: 3, perSecond: 0.5 });
    const at = 1_000_000;
    expect([1, 2, 3].map(() => budget.take("10.0.0.1", 1, at).allowed)).toEqual([true, true, true]);
    expect(budget.take("10.0.0.1", 1, at)).toEqual({ allowed: false, retryAfter: 2 });
    // Another address has a budget of its own.
    expect(budget.take("10.0.0.2", 1, at).allowed).toBe(true);
  });

  test("refills with time, never beyond the burst", () => {
    const budget = new AddressBudget({ burst: 2, perSecond: 1 });
    budget.take("a", 2, 0);
    expect(budget.take("a", 1, 500).allowed).toBe(false);
    expect(budget.take("a", 1, 1_000).allowed).toBe(true);
    // An hour idle gives back the burst, not 3,600.
    expect(budget.take("a", 2, 3_601_000).allowed).toBe(true);
    expect(budget.take("a", 1, 3_601_000).allowed).toBe(false);
  });

  test("a charge after the answer can go into debt, which takes its time to pay back", () => {
    const budget = new AddressBudget({ burst: 10, perSecond: 1 });
    budget.charge("a", 25, 0);
    // Debt stops at one burst below zero: -10, so 11 s until one request.
    expect(budget.take("a", 1, 0)).toEqual({ allowed: false, retryAfter: 11 });
    expect(budget.take("a", 1, 11_000).allowed).toBe(true);
  });

  test("remembers at most so many addresses, dropping the longest unseen", () => {
    const budget = new AddressBudget({ burst: 1, perSecond: 0.001 }, 2);
    budget.take("a", 1, 0);
    budget.take("b", 1, 0);
    budget.take("a", 0, 1); // a seen again: b is now the longest unseen
    budget.take("c", 1, 2);
    expect(budget.size).toBe(2);
    expect(budget.take("a", 1, 3).allowed).toBe(false);
    // b was forgotten: a fresh budget.
    expect(budget.take("b", 1, 3).allowed).toBe(true);
  });
});
