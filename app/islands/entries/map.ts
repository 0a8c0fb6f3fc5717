import { attachIsland, part } from "../attach";

/**
 * The coverage map is a third-party page, so it loads only when asked for. The server
 * renders the "Show map" button hidden (it needs this script) next to a plain link to the
 * map, which is all a visitor without JavaScript gets.
 */
attachIsland("map", (root) => {
  const show = part<HTMLButtonElement>(root, "show");
  show.hidden = false;
  show.addEventListener("click", () => {
    const frame = document.createElement("iframe");
    frame.title = root.dataset.mapTitle ?? "Map";
    frame.src = root.dataset.mapSrc ?? "";
    frame.className = "absolute inset-0 size-full border-0";
    part(root, "placeholder").replaceWith(frame);
    root.dataset.map = "shown";
    frame.focus();
  });
});
