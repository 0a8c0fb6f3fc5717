/** The wait before retry number `attempt` (0, 1, ...): 0.5 s doubling, at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** attempt);
}
