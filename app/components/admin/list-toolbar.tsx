import { Download, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";

interface ListToolbarProps {
  searchLabel: string;
  searchPlaceholder: string;
  /** Status filter options; omit for lists without one. */
  statuses?: readonly { value: string; label: string }[];
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
  exportHref,
}: ListToolbarProps) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  const exportQuery = new URLSearchParams(params);
  exportQuery.delete("page");

  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
      <Form
        ref={form}
        method="get"
        role="search"
        className="flex flex-1 flex-col gap-2 sm:flex-row"
      >
        <div className="relative flex-1">
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
        {statuses && (
          <>
            <label htmlFor="list-status" className="sr-only">
              Filter by status
            </label>
            <NativeSelect
              id="list-status"
              name="status"
              defaultValue={params.get("status") ?? ""}
              onChange={() => apply(0)}
              className="sm:w-48"
            >
              <option value="">All statuses</option>
              {statuses.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </NativeSelect>
          </>
        )}
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
