/**
 * Runs `work` once the browser has painted what the current event changed: a tap is answered
 * first, and the work it sets off (downloads started, modules evaluated, an audio context made)
 * comes after, while the finger is still down or lifting (decision 0040).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
