import type { ServiceArea } from "~/content/service-areas";
import { cityPath } from "~/lib/site/area-paths";
import { HOME_SUGGESTION_LIMIT, searchAreas } from "~/lib/site/area-search";
import { attachIsland, part } from "../attach";
import { combobox } from "../combobox";
import { loadServiceAreas } from "../service-areas";

/**
 * The hero's "find your area" box: up to 5 suggestions; Find goes to the first match and is
 * disabled while nothing matches; choosing a suggestion opens that city page and clears the
 * box. Until the area list has arrived (or without JavaScript) the form goes to the server,
 * which answers with the same rule (routes/site/home.tsx).
 */
attachIsland("home-search", (root) => {
  const form = part<HTMLFormElement>(root, "form");
  const find = part<HTMLButtonElement>(root, "find");
  const serverNoMatch = root.querySelector<HTMLElement>('[data-part="server-no-match"]');
  let areas: readonly ServiceArea[] | null = null;

  const box = combobox<ServiceArea>(root, {
    suggest: (query) => (areas ? searchAreas(areas, query, HOME_SUGGESTION_LIMIT) : null),
    describe: (area) => ({ key: area.slug, label: area.displayName, hint: area.zipCodes[0] ?? "" }),
    choose: (area) => go(area),
    changed: () => {
      // The server's "no areas found" answered the text that was sent; it goes with it.
      if (serverNoMatch) serverNoMatch.hidden = true;
      updateFind();
    },
    popup: (state) => {
      // One "no areas found" at a time: the popup's, or the server's under the form.
      if (serverNoMatch && state === "empty") serverNoMatch.hidden = true;
    },
  });

  function firstMatch(): ServiceArea | undefined {
    return areas ? searchAreas(areas, box.input.value, 1)[0] : undefined;
  }

  function updateFind() {
    const blank = box.input.value.trim() === "";
    find.disabled = blank || (areas !== null && !firstMatch());
  }

  function go(area: ServiceArea) {
    // Cleared first: coming back (the back button) finds an empty box.
    box.setValue("");
    window.location.assign(cityPath(area.slug));
  }

  function load() {
    if (areas) return;
    loadServiceAreas().then(
      (loaded) => {
        areas = loaded;
        box.refresh();
        updateFind();
      },
      () => {}, // Offline for a moment: the form still goes to the server.
    );
  }

  form.addEventListener("focusin", load);
  form.addEventListener("pointerdown", load);
  form.addEventListener("submit", (event) => {
    if (!areas) return; // Not loaded yet: the server finds the area.
    event.preventDefault();
    const first = firstMatch();
    if (first) go(first);
  });
  // A search the server could not match: have the list ready for the next try.
  if (serverNoMatch) load();
  updateFind();
});
