import { afterAll, vi } from "vitest";

/**
 * For a test file about the real password hash (its stored parameters, its threads, a
 * saturated queue): the full cost, whatever the suite's PASSWORD_HASH_COST=test. Call it at
 * the top of the file: the cost is read once per process, at its first hash, so the file must
 * be in vitest.config.ts's ISOLATED list (a process of its own).
 */
export function atFullPasswordHashCost(): void {
  vi.stubEnv("PASSWORD_HASH_COST", "standard");
  afterAll(() => vi.unstubAllEnvs());
}
