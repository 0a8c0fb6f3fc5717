import { onCLS, onINP, onLCP, type Metric } from "web-vitals";
import { deviceClass, type SpeedMetric } from "~/lib/speed/histogram";
import { HYDRATED_MARK } from "~/components/hydrated-mark";

/*
 * The office's real-user speed figures (issue 48, decision 0058): web-vitals' LCP, INP and
 * CLS and the time to the "hydrated" mark, for the screen (route id) they were measured on and
 * the device's class, sent in batches with navigator.sendBeacon when the page is hidden or
 * left. Loaded after hydration (use-speed-report.ts): not in the first load.
 */

const ENDPOINT = "/api/speed";

let screen = "";
const queue = new Map<string, { metric: SpeedMetric; value: number }[]>();

/**
 * The screen whose figures come next (the admin layout says so on every navigation): what
 * the last one measured is sent now, so a long session's figures are not held until it ends.
 */
export function setScreen(id: string) {
  if (id === screen) return;
  flush();
  screen = id;
}

function add(metric: SpeedMetric, value: number) {
  if (!screen) return;
  const samples = queue.get(screen) ?? [];
  samples.push({ metric, value });
  queue.set(screen, samples);
}

function device() {
  const hints = (navigator as { userAgentData?: { mobile?: boolean } }).userAgentData;
  return deviceClass(window.innerWidth, hints?.mobile);
}

/** Sends what is waiting: one beacon per screen, at most 8 figures each. */
function flush() {
  for (const [id, samples] of queue) {
    for (let start = 0; start < samples.length; start += 8) {
      const body = JSON.stringify({
        screen: id,
        device: device(),
        samples: samples.slice(start, start + 8),
      });
      navigator.sendBeacon(ENDPOINT, new Blob([body], { type: "application/json" }));
    }
  }
  queue.clear();
}

const report = (metric: Metric) => add(metric.name as SpeedMetric, metric.value);

/** Starts measuring; the figures go when the page is hidden or left. */
export function startSpeedReport(firstScreen: string) {
  screen = firstScreen;
  const hydrated = performance.getEntriesByName(HYDRATED_MARK, "mark")[0];
  if (hydrated) add("hydrated", hydrated.startTime);
  onLCP(report);
  onCLS(report);
  onINP(report);
  // After web-vitals' own listeners (registered above), which report on the same event.
  const whenHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  document.addEventListener("visibilitychange", whenHidden);
  window.addEventListener("pagehide", flush);
}
