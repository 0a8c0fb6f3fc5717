/**
 * A value made when first asked for, then kept. For Intl formatters with a time zone: making
 * one costs a phone tens of milliseconds (the zone's data is read then), and a module that
 * made its formatters as it loaded made every page importing it pay that before it could
 * start, in one long task (decision 0040).
 */
export function madeAtFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
