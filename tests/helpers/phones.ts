let counter = 0;
const start = Date.now();

/**
 * A valid US number no other test in this run has (E.164): tests share a database, and a
 * number's open lead changes what the next request from it does. The exchange is 200-999,
 * as real numbers' are (the website's form checks that).
 */
export function uniquePhone(): string {
  counter += 1;
  const n = (start + counter * 7919) % 8_000_000;
  const exchange = 200 + Math.floor(n / 10_000);
  const line = n % 10_000;
  return `+1773${exchange}${String(line).padStart(4, "0")}`;
}
