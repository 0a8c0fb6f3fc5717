import { useEffect } from "react";
import { useLocation } from "react-router";
import { REVEAL_THRESHOLD } from "~/lib/reveal";

/**
 * Sections marked `data-reveal` fade in once when scrolled into view. Only those still
 * below the fold are hidden, so nothing visible flickers and no-JS pages show everything.
 */
export function useRevealOnScroll() {
  const { pathname } = useLocation();
  useEffect(() => {
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
    // Measure everything first, then mark: a write between two reads would make the
    // browser recompute style and layout for every element (a long task on phones).
    const fold = window.innerHeight;
    const below = [...document.querySelectorAll<HTMLElement>("[data-reveal]")].filter(
      (element) => element.dataset.reveal !== "shown" && element.getBoundingClientRect().top > fold,
    );
    for (const element of below) {
      element.dataset.reveal = "pending";
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);
}
