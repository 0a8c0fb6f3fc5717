import { Download, Search } from "lucide-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS } from "~/lib/time/chicago-period";

type Options = readonly { value: string; label: string }[];

/** A filter's options from its values and their labels. */
export function optionsOf<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
): Options {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A select that narrows the list, kept in the URL as `name`. */
export interface ListFilter {
  name: string;
  /** Its accessible name ("Filter by source"). */
  label: string;
  /** The first option, which shows every row ("All sources"). */
  allLabel: string;
  options: Options;
  /** An option that asks for `from` and `to` dates instead (the date filter's custom range). */
  customRange?: { value: string; label: string };
}

export interface ListToolbarProps {
  searchLabel: string;
  searchPlaceholder: string;
  /** Status filter options; omit for lists without one. */
  statuses?: Options;
  /** Selects after the status filter (the Leads list's source). */
  filters?: readonly ListFilter[];
  /** Where the CSV of the current filter is served, if the list exports. */
  exportHref?: string;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search and status filter as a GET form: the filter lives in the URL (q, status), so it
 * can be linked, survives a reload and works without JavaScript. With JavaScript it
 * applies as you type. Changing the filter starts again at page 1.
 */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  statuses,
  filters = [],
  exportHref,
}: ListToolbarProps) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // Which filters show their From and To fields; from the URL, so it works without JavaScript.
  const [ranges, setRanges] = useState(
    () =>
      new Set(
        filters
          .filter(
            (filter) => filter.customRange && params.get(filter.name) === filter.customRange.value,
          )
          .map((filter) => filter.name),
      ),
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      submit(withoutEmptyFields(new FormData(form.current)), {
        method: "get",
        replace: true,
        preventScrollReset: true,
      });
    }, delay);
  };

  const exportQuery = new URLSearchParams(
    [...params].filter(([name, value]) => name !== "page" && value !== ""),
  );

  const selects: readonly ListFilter[] = [
    ...(statuses
      ? [{ name: "status", label: "Filter by status", allLabel: "All statuses", options: statuses }]
      : []),
    ...filters,
  ];

  // Wraps rather than squeezes: beside an open sidebar the row is narrower than a phone's.
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <Form
        ref={form}
        method="get"
        role="search"
        className="flex min-w-0 flex-[1_1_28rem] flex-wrap gap-2"
      >
        <div className="relative min-w-0 flex-[1_1_14rem]">
          <label htmlFor="list-search" className="sr-only">
            {searchLabel}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="list-search"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder={searchPlaceholder}
            className="pl-9"
            onChange={() => apply(SEARCH_DEBOUNCE_MS)}
          />
        </div>
        {selects.map((filter) => (
          <Fragment key={filter.name}>
            <label htmlFor={`list-${filter.name}`} className="sr-only">
              {filter.label}
            </label>
            <NativeSelect
              id={`list-${filter.name}`}
              name={filter.name}
              defaultValue={params.get(filter.name) ?? ""}
              onChange={(event) => {
                const custom = event.target.value === filter.customRange?.value;
                setRanges((open) => {
                  const next = new Set(open);
                  if (custom) next.add(filter.name);
                  else next.delete(filter.name);
                  return next;
                });
                // A custom range waits for its dates.
                if (!custom) apply(0);
              }}
              className="w-full sm:w-44"
            >
              <option value="">{filter.allLabel}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {filter.customRange && (
                <option value={filter.customRange.value}>{filter.customRange.label}</option>
              )}
            </NativeSelect>
            {ranges.has(filter.name) && (
              <DateRangeFields onChange={() => apply(SEARCH_DEBOUNCE_MS)} />
            )}
          </Fragment>
        ))}
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {exportHref && (
        <Button asChild variant="outline">
          <a href={`${exportHref}${exportQuery.size ? `?${exportQuery}` : ""}`} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      )}
    </div>
  );
}

/** A custom range's days, kept in the URL as `from` and `to` (Chicago dates). */
function DateRangeFields({ onChange }: { onChange: () => void }) {
  const [params] = useSearchParams();
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <div key={name} className="flex items-center gap-1.5">
          <label htmlFor={`list-${name}`} className="w-10 text-sm font-medium sm:w-auto">
            {name === "from" ? "From" : "To"}
          </label>
          <Input
            id={`list-${name}`}
            name={name}
            type="date"
            defaultValue={params.get(name) ?? ""}
            onChange={onChange}
            className="w-40"
          />
        </div>
      ))}
    </>
  );
}

/** "All statuses" and an empty search need no place in the URL. */
function withoutEmptyFields(form: FormData): URLSearchParams {
  return new URLSearchParams(
    [...form].flatMap(([name, value]) =>
      typeof value === "string" && value !== "" ? [[name, value]] : [],
    ),
  );
}

/** The date filter every money and activity list offers: presets in Chicago time. */
export const PERIOD_FILTER: ListFilter = {
  name: "period",
  label: "Filter by date (Chicago time)",
  allLabel: "Any date",
  options: optionsOf(PERIOD_PRESETS, PERIOD_PRESET_LABELS),
  customRange: { value: "custom", label: "Custom range…" },
};
