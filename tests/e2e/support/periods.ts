/** A day as Chicago names it, as the period fields take it: 2026-11-25. */
function chicagoDay(ms: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(ms);
}

/** Yesterday and today in Chicago, as a list's period query: a run across midnight still finds its rows. */
export function lastTwoDaysQuery(now = Date.now()): string {
  return `from=${chicagoDay(now - 86_400_000)}&to=${chicagoDay(now)}`;
}
