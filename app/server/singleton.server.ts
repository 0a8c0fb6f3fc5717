/**
 * Keeps one instance per process even when Vite re-evaluates modules in development,
 * so a file save does not open a second database on the same data directory.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __lockline?: Map<string, unknown> };
  store.__lockline ??= new Map();
  if (!store.__lockline.has(name)) store.__lockline.set(name, create());
  return store.__lockline.get(name) as T;
}
