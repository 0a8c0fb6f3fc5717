import type { ClientInstrumentation } from "react-router";

/**
 * How many forms this page is sending (a row's Create job, a dialog's Save, a settings page's
 * Save), counted the moment the router is asked, not when React next renders.
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

/** While `send` runs, when it sends a form (a load, GET or no method, changes nothing). */
async function counting(formMethod: string | undefined, send: () => Promise<unknown>) {
  const sends = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (sends) sending += 1;
  try {
    await send();
  } finally {
    if (sends) sending -= 1;
  }
}

/**
 * For `<HydratedRouter instrumentations>`: counts each submission, a fetcher's or a page's
 * (whose answer a reload would also lose: its form errors, its redirect), until it settles,
 * its reload included.
 */
export const sendsInFlightInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      fetch: (callFetch, { formMethod }) => counting(formMethod, callFetch),
      navigate: (callNavigate, { formMethod }) => counting(formMethod, callNavigate),
    });
  },
};
