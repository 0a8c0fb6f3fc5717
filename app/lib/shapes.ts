/*
 * Shapes of JSON the browser receives (the live-update stream's events), checked in a few
 * lines instead of with zod: zod is the largest library the back office would otherwise load
 * before a screen answers a tap, and these checks need none of its power (decision 0040).
 * The same shapes type what the server sends, so the two cannot drift apart.
 *
 *   const lead = object({ id: string, repeat: optional(boolean) });
 *   type Lead = ShapeOf<typeof lead>; // { id: string; repeat?: boolean }
 */

export type Shape<T> = ((value: unknown) => value is T) & { optional?: true };
export type ShapeOf<S> = S extends Shape<infer T> ? T : never;

export const string: Shape<string> = (value): value is string => typeof value === "string";
export const boolean: Shape<boolean> = (value): value is boolean => typeof value === "boolean";
export const number: Shape<number> = (value): value is number =>
  typeof value === "number" && Number.isFinite(value);
export const int: Shape<number> = (value): value is number =>
  number(value) && Number.isSafeInteger(value);

/** One of the given strings. */
export function oneOf<const T extends string>(values: readonly T[]): Shape<T> {
  return (value): value is T => values.includes(value as T);
}

/** An array of at least `min` items, each of the shape. */
export function arrayOf<T>(item: Shape<T>, min = 0): Shape<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.length >= min && value.every(item);
}

/** A key that may be left out (or be undefined). */
export function optional<T>(shape: Shape<T>): Shape<T | undefined> & { optional: true } {
  const check = (value: unknown): value is T | undefined => value === undefined || shape(value);
  return Object.assign(check, { optional: true as const });
}

type Fields = Record<string, Shape<unknown>>;
type Optional<F extends Fields> = {
  [K in keyof F]: F[K] extends { optional: true } ? K : never;
}[keyof F];
type ObjectOf<F extends Fields> = {
  [K in Exclude<keyof F, Optional<F>>]: ShapeOf<F[K]>;
} & { [K in Optional<F>]?: ShapeOf<F[K]> };

/** A plain object with these fields (any other keys are let through, unread). */
export function object<F extends Fields>(
  fields: F,
): Shape<{ [K in keyof ObjectOf<F>]: ObjectOf<F>[K] }> {
  return (value): value is { [K in keyof ObjectOf<F>]: ObjectOf<F>[K] } =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(fields).every(([key, shape]) => shape((value as Record<string, unknown>)[key]));
}
