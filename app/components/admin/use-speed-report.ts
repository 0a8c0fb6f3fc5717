import { useEffect } from "react";
import { useMatches } from "react-router";

type Reporter = typeof import("./speed-report");

let reporter: Promise<Reporter> | undefined;

/**
 * Keeps the speed figures' screen in step with the page, and loads the reporter (web-vitals)
 * once the page has hydrated, so it is never part of a first load (decision 0058).
 */
export function useSpeedReport() {
  const matches = useMatches();
  const screen = matches[matches.length - 1]?.id ?? "";
  useEffect(() => {
    if (!reporter) {
      reporter = import("./speed-report");
      void reporter.then((module) => module.startSpeedReport(screen));
    } else {
      void reporter.then((module) => module.setScreen(screen));
    }
  }, [screen]);
}
