import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { addMissingRoutes, SECTION_ROUTES_ID, type ManifestRoute } from "./lib/route-manifest";

/*
 * React Router's default entry, with the section's routes added first (below). It runs after
 * the server's page has had its first frame: HydrationScripts starts the page's modules then
 * (decision 0040).
 */
/**
 * The section's routes the server sent beside React Router's manifest (hydration-scripts.tsx),
 * added before the router is made from it: React Router then never has to add them after
 * hydration, which rendered the whole page again (decision 0040).
 */
function addSectionRoutes() {
  const manifest = (window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } })
    .__reactRouterManifest;
  const json = document.getElementById(SECTION_ROUTES_ID)?.dataset.routes;
  if (!manifest || !json) return;
  try {
    addMissingRoutes(manifest.routes, JSON.parse(json) as ManifestRoute[]);
  } catch {
    // Without them React Router discovers the routes itself, as it did before.
  }
}

function hydrate() {
  addSectionRoutes();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// In the next task: this module is evaluated with the framework chunk, which React Router's
// bootstrap module imports before it sets the manifest that hydrating reads.
setTimeout(hydrate, 0);
