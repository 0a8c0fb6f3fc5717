import { part } from "./attach";

/** One suggestion as the list shows it. */
export interface ComboboxOption {
  key: string;
  label: string;
  hint: string;
}

export type PopupState = "closed" | "options" | "empty";

interface ComboboxConfig<T> {
  /** Suggestions for the text (already limited); null while there is nothing to match yet. */
  suggest(query: string): readonly T[] | null;
  describe(item: T): ComboboxOption;
  choose(item: T): void;
  /** After every change of the text: typing, or `setValue`. */
  changed?(query: string): void;
  /** The popup opened, closed, or switched between suggestions and its no-match panel. */
  popup?(state: PopupState): void;
}

export interface Combobox {
  input: HTMLInputElement;
  setValue(value: string): void;
  /** Suggest again for the current text (the list to match against has arrived). */
  refresh(): void;
}

const OPTION_CLASS =
  "flex cursor-pointer items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-brand-50 aria-selected:bg-brand-50";

/**
 * The WAI-ARIA combobox pattern on the server's markup (components/site/area-combobox.tsx):
 * typing suggests, arrows move, Enter chooses, Escape closes. The input stays a plain named
 * field of a GET form, which the server answers when this script has not run.
 */
export function combobox<T>(root: HTMLElement, config: ComboboxConfig<T>): Combobox {
  const input = part<HTMLInputElement>(root, "input");
  const popup = part(root, "popup");
  const listbox = part<HTMLUListElement>(root, "listbox");
  const empty = part(root, "empty");
  let open = false;
  let active = -1;
  let items: readonly T[] = [];
  let state: PopupState = "closed";

  function render() {
    const query = input.value;
    const suggested = query.trim() === "" ? null : config.suggest(query);
    items = suggested ?? [];
    if (active >= items.length) active = -1;
    const next: PopupState =
      !open || suggested === null ? "closed" : items.length > 0 ? "options" : "empty";

    listbox.replaceChildren(...items.map((item, index) => optionElement(item, index)));
    listbox.hidden = next !== "options";
    empty.hidden = next !== "empty";
    popup.hidden = next === "closed";
    input.setAttribute("aria-expanded", String(next === "options"));
    const activeOption = next === "options" && active >= 0 ? listbox.children[active] : undefined;
    if (activeOption) input.setAttribute("aria-activedescendant", activeOption.id);
    else input.removeAttribute("aria-activedescendant");
    if (next !== state) {
      state = next;
      config.popup?.(state);
    }
  }

  function optionElement(item: T, index: number): HTMLLIElement {
    const { key, label, hint } = config.describe(item);
    const option = document.createElement("li");
    option.id = `${input.id}-option-${key}`;
    option.setAttribute("role", "option");
    option.setAttribute("aria-selected", String(index === active));
    option.className = OPTION_CLASS;
    const name = document.createElement("span");
    name.className = "font-medium";
    name.textContent = label;
    const detail = document.createElement("span");
    detail.className = "text-xs text-muted-foreground";
    detail.textContent = hint;
    option.append(name, detail);
    // Keep focus in the input so the click is not lost to blur.
    option.addEventListener("mousedown", (event) => event.preventDefault());
    option.addEventListener("click", () => choose(item));
    return option;
  }

  function choose(item: T) {
    open = false;
    active = -1;
    render();
    config.choose(item);
  }

  input.addEventListener("input", () => {
    open = true;
    active = -1;
    render();
    config.changed?.(input.value);
  });
  input.addEventListener("focus", () => {
    open = true;
    render();
  });
  input.addEventListener("blur", () => {
    open = false;
    active = -1;
    render();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && items.length > 0) {
      event.preventDefault();
      open = true;
      active = (active + 1) % items.length;
      render();
    } else if (event.key === "ArrowUp" && items.length > 0) {
      event.preventDefault();
      active = active <= 0 ? items.length - 1 : active - 1;
      render();
    } else if (event.key === "Enter" && state === "options" && active >= 0) {
      event.preventDefault();
      choose(items[active]!);
    } else if (event.key === "Escape") {
      open = false;
      active = -1;
      render();
    }
  });
  // The no-match panel holds a call link: pressing it must not blur the input, which would
  // close the panel before the click lands.
  empty.addEventListener("mousedown", (event) => event.preventDefault());

  render();
  return {
    input,
    setValue(value) {
      input.value = value;
      active = -1;
      render();
      config.changed?.(value);
    },
    refresh: render,
  };
}
