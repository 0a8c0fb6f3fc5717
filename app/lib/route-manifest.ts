/*
 * The back office's routes, known to React Router from the first load (decision 0040). With
 * lazy route discovery, the links on a page made React Router fetch their routes after
 * hydration and then render the whole page again to add them: the largest single piece of
 * blocking work after a screen's hydration. The server now hands the page every route of its
 * section (the layout under the root, /admin's for a back-office screen) beside React Router's
 * own manifest, and the browser adds them before hydrating. The discovery fetch still runs and
 * finds nothing new, so nothing renders again.
 */

/** The element that carries them (components/hydration-scripts.tsx, entry.client.tsx). */
export const SECTION_ROUTES_ID = "section-routes";

/** What this needs of a route's entry in React Router's manifest. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
}

/** Every route below `ancestorId`, at any depth, ordered by id (server and browser agree). */
export function routesUnder<Route extends ManifestRoute>(
  routes: Readonly<Record<string, Route | undefined>>,
  ancestorId: string,
): Route[] {
  const below = (route: Route): boolean => {
    let parentId = route.parentId;
    for (let depth = 0; parentId !== undefined && depth < 32; depth++) {
      if (parentId === ancestorId) return true;
      parentId = routes[parentId]?.parentId;
    }
    return false;
  };
  return Object.values(routes)
    .filter((route): route is Route => route !== undefined && below(route))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Adds the routes the manifest does not have yet; an entry it has is never replaced. */
export function addMissingRoutes<Route extends ManifestRoute>(
  routes: Record<string, Route>,
  more: readonly Route[],
): void {
  for (const route of more) {
    if (!(route.id in routes)) routes[route.id] = route;
  }
}
