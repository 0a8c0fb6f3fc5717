/** The wait before retry number `attempt` (0, 1, ...): 0.5 s doubling, at most `maxMs`. */
export function backoffMs(attempt: number, maxMs = 30_000): number {
  return Math.min(maxMs, 500 * 2 ** attempt);
}
