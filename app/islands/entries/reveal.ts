import { REVEAL_THRESHOLD } from "~/lib/reveal";
import { attachIsland } from "../attach";

/**
 * Blocks marked `data-reveal` fade in once when scrolled into view. Only those still below
 * the fold when the page loads are hidden, so nothing visible flickers, and a page without
 * JavaScript (or with reduced motion) shows everything at once.
 */
attachIsland("reveal", (root) => {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  if (!("IntersectionObserver" in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        (entry.target as HTMLElement).dataset.reveal = "shown";
        observer.unobserve(entry.target);
      }
    },
    { threshold: REVEAL_THRESHOLD },
  );
  // Measure everything first, then mark: a write between two reads would make the browser
  // recompute style and layout for every element (a long task on phones).
  const fold = window.innerHeight;
  const below = [...root.querySelectorAll<HTMLElement>("[data-reveal]")].filter(
    (element) => element.getBoundingClientRect().top > fold,
  );
  for (const element of below) {
    element.dataset.reveal = "pending";
    observer.observe(element);
  }
});
