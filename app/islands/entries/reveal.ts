import { REVEAL_THRESHOLD } from "~/lib/site/reveal";
import { attachIsland } from "../attach";

/**
 * Blocks marked `data-reveal` fade in once when scrolled into view. Only those below the
 * fold when the page loads are hidden, so nothing visible flickers, and a page without
 * JavaScript (or with reduced motion) shows everything at once.
 *
 * The observer's first report says which blocks are out of view; no position is read in
 * the script, which would make the browser lay the page out there and then (a long task on
 * a phone) instead of once, when it paints.
 */
attachIsland("reveal", (root) => {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  if (!("IntersectionObserver" in window)) return;
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const block = entry.target as HTMLElement;
        const first = !seen.has(block);
        seen.add(block);
        if (entry.isIntersecting) {
          // In view from the start: left as it is; scrolled to: fades in.
          if (!first) block.dataset.reveal = "shown";
          observer.unobserve(block);
        } else if (first) {
          block.dataset.reveal = "pending";
        }
      }
    },
    { threshold: REVEAL_THRESHOLD },
  );
  for (const block of root.querySelectorAll("[data-reveal]")) observer.observe(block);
});
