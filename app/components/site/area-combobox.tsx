import { clsx } from "clsx";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ServiceArea } from "~/content/service-areas";
import { Icon } from "./icon";

interface AreaComboboxProps {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The suggestions to show for the current text (already limited). */
  matches: readonly ServiceArea[];
  onChoose: (area: ServiceArea) => void;
  /** Shown in the popup when the text matches nothing. */
  noMatch: ReactNode;
  /** The list to match against is still loading: no popup (not even "no match") yet. */
  pending?: boolean;
  placeholder?: string;
  inputClassName?: string;
  children?: ReactNode;
}

/**
 * A text box with an area suggestion list (WAI-ARIA combobox pattern): arrows move,
 * Enter chooses, Escape closes. It is a plain named input inside a GET form, so the
 * server answers the same search when JavaScript is off.
 */
export function AreaCombobox({
  name,
  label,
  value,
  onValueChange,
  matches,
  onChoose,
  noMatch,
  pending = false,
  placeholder,
  inputClassName,
  children,
}: AreaComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showPopup = open && value.trim() !== "" && !pending;
  const activeArea = active >= 0 ? matches[active] : undefined;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && matches.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % matches.length);
    } else if (event.key === "ArrowUp" && matches.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? matches.length - 1 : index - 1));
    } else if (event.key === "Enter" && showPopup && activeArea) {
      event.preventDefault();
      choose(activeArea);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  function choose(area: ServiceArea) {
    setOpen(false);
    setActive(-1);
    onChoose(area);
  }

  return (
    <div className="relative w-full">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Icon
          name="map-pin"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          name={name}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showPopup && matches.length > 0}
          aria-controls={listId}
          aria-activedescendant={showPopup && activeArea ? `${id}-${activeArea.slug}` : undefined}
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={clsx(
            "h-12 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-base text-foreground shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring [&::-webkit-search-cancel-button]:hidden",
            inputClassName,
          )}
        />
        {children}
      </div>
      <div
        className={clsx(
          "absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-border bg-white text-left text-foreground shadow-xl",
          !showPopup && "hidden",
        )}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching service areas"
          className={clsx(matches.length === 0 && "hidden")}
        >
          {matches.map((area, index) => (
            <li
              key={area.slug}
              id={`${id}-${area.slug}`}
              role="option"
              aria-selected={index === active}
              // Keep focus in the input so the click is not lost to blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(area)}
              className={clsx(
                "flex cursor-pointer items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-brand-50",
                index === active && "bg-brand-50",
              )}
            >
              <span className="font-medium">{area.displayName}</span>
              <span className="text-xs text-muted-foreground">{area.zipCodes[0]}</span>
            </li>
          ))}
        </ul>
        {showPopup && matches.length === 0 && (
          <div className="p-4 text-sm" onMouseDown={(event) => event.preventDefault()}>
            {noMatch}
          </div>
        )}
      </div>
    </div>
  );
}
