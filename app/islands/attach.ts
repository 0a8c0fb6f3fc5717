import type { IslandName } from "~/lib/site/page-handle";

/**
 * Runs an island on each element the server marked `data-island="<name>"`, once, and marks
 * it `data-island-ready` afterwards (browser tests wait for that). Island modules are
 * `type="module"` scripts at the end of <body>: the document is parsed when they run.
 */
export function attachIsland(name: IslandName, init: (element: HTMLElement) => void): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (element.dataset.islandReady !== undefined) continue;
    init(element);
    element.dataset.islandReady = "";
  }
}

/** The element inside an island that the server marked with this data attribute. */
export function part<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const found = root.querySelector<T>(`[data-part="${name}"]`);
  if (!found) throw new Error(`Island markup has no [data-part="${name}"]`);
  return found;
}
