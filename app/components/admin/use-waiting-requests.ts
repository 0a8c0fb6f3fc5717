import { useCallback, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";

const TITLE_PREFIX = /^\(\d+\) New requests · /;

/**
 * How many requests wait (New, last 24 hours), kept current in every open tab: the layout
 * gives the count at load, and each change to leads reads it again from /api/waiting
 * (one small query, not a reload of the page). The tab's title leads with it, so a
 * dispatcher on another tab or app sees "(2) New requests" at a glance.
 */
export function useWaitingRequests(initial: number): {
  waiting: number;
  leadsChanged: () => void;
} {
  const fetcher = useFetcher<{ waiting: number }>({ key: "waiting-requests" });
  const location = useLocation();
  // The latest of the two answers: the layout's (on navigation) or the fetcher's (on change).
  const [seen, setSeen] = useState({ initial, fetched: fetcher.data, waiting: initial });
  let waiting = seen.waiting;
  if (initial !== seen.initial) {
    waiting = initial;
    setSeen({ initial, fetched: fetcher.data, waiting });
  } else if (fetcher.data && fetcher.data !== seen.fetched) {
    waiting = fetcher.data.waiting;
    setSeen({ initial, fetched: fetcher.data, waiting });
  }
  const { load } = fetcher;
  const leadsChanged = useCallback(() => void load("/api/waiting"), [load]);

  // Each page sets its own title (route meta): the count goes back in front after each one.
  useEffect(() => {
    const base = document.title.replace(TITLE_PREFIX, "");
    document.title = waiting > 0 ? `(${waiting}) New requests · ${base}` : base;
  }, [waiting, location.key]);

  return { waiting, leadsChanged };
}
