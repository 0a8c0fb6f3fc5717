import type { ClientInstrumentation } from "react-router";

/**
 * How many forms this page is sending through fetchers (a row's Create job, a dialog's Save),
 * counted the moment the router is asked, not when React next renders.
 *
 * Why: React Router drops a fetcher's redirect when a navigation, a revalidation included,
 * starts while its action is on the server ("a newer navigation wins"). The live updates
 * hold their reload while anything is sending, but they read that from React state, which
 * renders in a transition: on a phone still busy hydrating, a live reload fired in that gap
 * and Create job made the job without opening it. The router's own instrumentation
 * tells us synchronously.
 */
let sending = 0;

export function sendsInFlight(): number {
  return sending;
}

/** For `<HydratedRouter instrumentations>`: counts each fetcher submission until it settles. */
export const sendsInFlightInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async fetch(callFetch, { formMethod }) {
        // A fetcher's load (no method, or GET) changes nothing and has no redirect to lose.
        const sends = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
        if (sends) sending += 1;
        try {
          await callFetch();
        } finally {
          if (sends) sending -= 1;
        }
      },
    });
  },
};
