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
    // browser recompute style and layout for every element (a long task on phones). A
    // band that starts below the fold is measured as a whole: measuring inside one the
    // browser has skipped (content-visibility) would make it lay the band out now.
    const fold = window.innerHeight;
    const bandTops = new Map<Element, number>();
    const below = [...document.querySelectorAll<HTMLElement>("[data-reveal]")].filter((element) => {
      if (element.dataset.reveal === "shown") return false;
      const band = element.closest("section, footer");
      if (band) {
        let top = bandTops.get(band);
        if (top === undefined) bandTops.set(band, (top = band.getBoundingClientRect().top));
        if (top > fold) return true;
      }
      return element.getBoundingClientRect().top > fold;
    });
    for (const element of below) {
      element.dataset.reveal = "pending";
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);
}
