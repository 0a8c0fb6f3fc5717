import { AREAS_DROPDOWN_LIMIT, filterAreas, searchAreas } from "~/lib/site/area-search";
import { attachIsland, part } from "../attach";
import { combobox, type PopupState } from "../combobox";

interface ListedArea {
  name: string;
  displayName: string;
  region: string;
  zipCodes: string[];
  item: HTMLElement;
  href: string;
}

/**
 * The Service Areas filter: typing (or a Popular Areas chip) narrows the three region
 * columns in place, their counts follow, and a region with no match steps aside; the
 * dropdown suggests up to 8 areas. The areas are read from the page's own list, which the
 * server rendered with the same rule (app/lib/site/area-search.ts) for `?q=` without JavaScript.
 */
attachIsland("area-filter", (root) => {
  const form = part<HTMLFormElement>(root, "form");
  const clear = part<HTMLAnchorElement>(root, "clear");
  const emptyQuery = part(root, "empty-query");
  const noResults = part(root, "no-results");
  const columns = part(root, "columns");
  const regions = [...root.querySelectorAll<HTMLElement>("[data-region]")];
  const areas: ListedArea[] = regions.flatMap((column) =>
    [...column.querySelectorAll<HTMLElement>("[data-area]")].map((item) => ({
      name: item.dataset.area ?? "",
      displayName: item.dataset.areaLabel ?? "",
      region: column.dataset.region ?? "",
      zipCodes: (item.dataset.areaZips ?? "").split(" "),
      item,
      href: item.querySelector("a")?.getAttribute("href") ?? "",
    })),
  );
  let popup: PopupState = "closed";

  const box = combobox<ListedArea>(root, {
    suggest: (query) => searchAreas(areas, query, AREAS_DROPDOWN_LIMIT),
    describe: (area) => ({
      key: area.href.split("/").pop() ?? area.name,
      label: area.displayName,
      hint: area.zipCodes[0] ?? "",
    }),
    choose: (area) => window.location.assign(area.href),
    changed: show,
    popup: (state) => {
      popup = state;
      show(box.input.value);
    },
  });

  function show(query: string) {
    const matched = new Set(filterAreas(areas, query));
    for (const area of areas) area.item.hidden = !matched.has(area);
    for (const column of regions) {
      const count = areas.filter(
        (area) => area.region === column.dataset.region && matched.has(area),
      ).length;
      part(column, "count").textContent = `(${count})`;
      column.hidden = count === 0;
    }
    columns.hidden = matched.size === 0;
    // The dropdown says "no match" while it is open; the page says it when it is not.
    noResults.hidden = matched.size > 0 || popup === "empty";
    emptyQuery.textContent = query.trim();
    clear.hidden = query === "";
  }

  form.addEventListener("submit", (event) => event.preventDefault());
  clear.addEventListener("click", (event) => {
    event.preventDefault();
    box.setValue("");
    box.input.focus();
    // Loaded as /service-areas?q=...: the address follows the cleared box.
    if (window.location.search) window.history.replaceState(null, "", window.location.pathname);
  });
  for (const chip of root.querySelectorAll<HTMLAnchorElement>("[data-chip]")) {
    chip.addEventListener("click", (event) => {
      event.preventDefault();
      box.setValue(chip.dataset.chip ?? "");
    });
  }
  // Typed before this script arrived (a slow phone): filter by it now, as if typed again.
  if (box.input.value) show(box.input.value);
});
