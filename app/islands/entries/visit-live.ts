import { VISIT_POLL_MS, VISIT_VERSION_HEADER } from "~/lib/site/visit-live";
import { attachIsland } from "../attach";

/*
 * The customer's page, current by itself (lib/site/visit-live.ts): while the tab is in view,
 * a HEAD request for the page's version every few seconds and when the tab comes back into
 * view; a new version reloads the page. The address is the page's own, without ?done= or
 * Stripe's ?session_id=, so a reload never repeats what those did.
 */
attachIsland("visit-live", (root) => {
  const shown = root.dataset.version;
  let timer: number | undefined;
  let failures = 0;

  async function check() {
    window.clearTimeout(timer);
    if (document.hidden) return;
    try {
      const response = await fetch(location.pathname, { method: "HEAD", cache: "no-store" });
      // The link ran out or was replaced: the page as it is says the rest.
      if (response.status === 404) return;
      const version = response.headers.get(VISIT_VERSION_HEADER);
      if (response.ok && version && version !== shown) {
        location.replace(location.pathname);
        return;
      }
      failures = 0;
    } catch {
      // No signal: ask less often, up to a minute apart.
      failures = Math.min(failures + 1, 3);
    }
    timer = window.setTimeout(check, VISIT_POLL_MS * 2 ** failures);
  }

  document.addEventListener("visibilitychange", () => void check());
  timer = window.setTimeout(check, VISIT_POLL_MS);
});
