import type { ServiceArea } from "~/content/service-areas";

let loading: Promise<readonly ServiceArea[]> | null = null;

/**
 * The area list, as its own chunk: loaded when a visitor starts to use a search box, not
 * with the page (most visitors call without searching). A failed load (offline for a
 * moment) is forgotten, so the next attempt tries again.
 */
export function loadServiceAreas(): Promise<readonly ServiceArea[]> {
  loading ??= import("~/content/service-areas").then(
    (module) => module.serviceAreas,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
