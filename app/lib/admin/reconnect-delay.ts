/**
 * How long a page waits before opening its live-update stream again after the server
 * refused it (`failures` refusals in a row): 1 s doubling to 15 s, give or take a fifth, so
 * the browsers of a whole office do not all come back in the same instant.
 */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 1_000 * 2 ** failures);
  return Math.round(base * (0.8 + 0.4 * random()));
}
