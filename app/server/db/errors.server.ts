/**
 * Whether a query failed on a unique constraint or index (PostgreSQL's 23505), by its
 * name. Drizzle wraps the driver's error: the code is on it or on its cause.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint: name } = cause as { code?: string; constraint?: string };
    if (code === "23505") return name === constraint || cause.message.includes(constraint);
  }
  return false;
}
