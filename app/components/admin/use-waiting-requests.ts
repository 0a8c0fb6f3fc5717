import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

const TITLE_PREFIX = /^\(\d+\) New requests · /;

/**
 * How many requests wait (New, last 24 hours), kept current in every open tab: the layout
 * gives the count at load, and each change to leads reads it again from /api/waiting (one
 * small query by plain fetch: not a reload of the page, and nothing React Router waits on
 * or retries). The tab's title leads with it, so a dispatcher on another tab or app sees
 * "(2) New requests" at a glance.
 */
export function useWaitingRequests(initial: number): {
  waiting: number;
  leadsChanged: () => void;
} {
  const location = useLocation();
  // The latest of the two answers: the layout's (on navigation) or a read after a change.
  const [seen, setSeen] = useState({ initial, waiting: initial });
  let waiting = seen.waiting;
  if (initial !== seen.initial) {
    waiting = initial;
    setSeen({ initial, waiting });
  }

  // Reads can overlap: only the answer to the latest one counts.
  const latest = useRef(0);
  const leadsChanged = useCallback(() => {
    const read = ++latest.current;
    fetch("/api/waiting", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ waiting: number }>) : null))
      .then((answer) => {
        if (answer && read === latest.current) {
          setSeen((now) => ({ ...now, waiting: answer.waiting }));
        }
      })
      // Offline: the page says so already; the next change or reload reads it again.
      .catch(() => undefined);
  }, []);

  // Each page sets its own title (route meta): the count goes back in front after each one.
  useEffect(() => {
    const base = document.title.replace(TITLE_PREFIX, "");
    document.title = waiting > 0 ? `(${waiting}) New requests · ${base}` : base;
  }, [waiting, location.key]);

  return { waiting, leadsChanged };
}
