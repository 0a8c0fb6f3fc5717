/**
 * What a page ships to the browser, declared by its routes' `handle`s and read in root.tsx
 * (and entry.server.tsx). Back-office pages hydrate React; public pages set
 * `hydrate: false` and list the islands they need: small scripts of their own, built by
 * Vite from app/islands/entries/<name>.ts, that attach to the server's markup through
 * `data-island="<name>"`.
 */
export const ISLAND_NAMES = [
  "reveal",
  "home-search",
  "area-filter",
  "map",
  "request-form",
  "first-touch",
  "visit-live",
  "countdown",
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

export interface PageHandle {
  hydrate?: false;
  islands?: readonly IslandName[];
}

export interface PageScripts {
  /** React's runtime, the router and the route modules, with hydration data. */
  hydrate: boolean;
  /** In the order given, each once, when the page does not hydrate. */
  islands: IslandName[];
}

export function pageScripts(handles: readonly unknown[]): PageScripts {
  const declared = handles.filter(
    (handle): handle is PageHandle => typeof handle === "object" && handle !== null,
  );
  if (!declared.some((handle) => handle.hydrate === false)) return { hydrate: true, islands: [] };
  return {
    hydrate: false,
    islands: [...new Set(declared.flatMap((handle) => handle.islands ?? []))],
  };
}
