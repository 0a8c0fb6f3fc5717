import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/*
 * React Router's default entry, with one change: the server's HTML is painted before React
 * hydrates it (decision 0040). The back office's pages come complete from the server, but a
 * small page parses before its module scripts are even run, and Chromium then hydrated before
 * its first paint: on a phone the dispatcher looked at a blank screen for the whole of
 * hydration. Now the first frame is the server's page, and hydration starts in the next task.
 */
function hydrate() {
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
