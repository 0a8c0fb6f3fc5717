/**
 * Scroll-in stagger: 50 ms per card, capped at 300 ms; threshold 0.05
 * (docs/spec/public-site.md §9).
 */
export const REVEAL_STAGGER_MS = 50;
export const REVEAL_MAX_DELAY_MS = 300;
export const REVEAL_THRESHOLD = 0.05;

export function revealDelay(index: number): number {
  return Math.min(Math.max(index, 0) * REVEAL_STAGGER_MS, REVEAL_MAX_DELAY_MS);
}
