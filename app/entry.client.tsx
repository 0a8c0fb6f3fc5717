import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { addMissingRoutes, SECTION_ROUTES_ID, type ManifestRoute } from "./lib/route-manifest";

/*
 * React Router's default entry, with one change: the server's HTML is painted before React
 * hydrates it (decision 0040). The back office's pages come complete from the server, but a
 * small page parses before its module scripts are even run, and Chromium then hydrated before
 * its first paint: on a phone the dispatcher looked at a blank screen for the whole of
 * hydration. Now the first frame is the server's page, and hydration starts in the next task.
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

// A hidden tab paints no frames (requestAnimationFrame waits for it to be shown): it hydrates at once.
if (document.visibilityState === "hidden") hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
