import type { ReactNode } from "react";
import { Icon } from "./icon";

interface AreaComboboxProps {
  /** The input's id; the list's and the options' ids derive from it. */
  id: string;
  name: string;
  label: string;
  value: string;
  /** Shown in the popup when the text matches nothing. */
  noMatch: ReactNode;
  placeholder?: string;
  children?: ReactNode;
}

/**
 * A text box with an area suggestion list (WAI-ARIA combobox pattern), as the server
 * renders it: a plain named input inside a GET form, which the server answers when no
 * script runs. The suggestions, arrows, Enter and Escape come from app/islands/combobox.ts,
 * which finds the parts by their `data-part`.
 */
export function AreaCombobox({
  id,
  name,
  label,
  value,
  noMatch,
  placeholder,
  children,
}: AreaComboboxProps) {
  const listId = `${id}-list`;
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
        {/* type="text": a search box may not be a combobox (HTML's ARIA rules). */}
        <input
          id={id}
          data-part="input"
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls={listId}
          defaultValue={value}
          placeholder={placeholder}
          className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-base text-foreground shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
        {children}
      </div>
      <div
        data-part="popup"
        hidden
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-border bg-white text-left text-foreground shadow-xl"
      >
        <ul id={listId} data-part="listbox" role="listbox" aria-label="Matching service areas" />
        <div data-part="empty" role="status" hidden className="p-4 text-sm">
          {noMatch}
        </div>
      </div>
    </div>
  );
}
