import { useFetcher } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";

interface RowStatusFormProps<S extends string> {
  /** The row's id field for the action, e.g. { jobId: "…" }. */
  hidden: Record<string, string>;
  status: S;
  options: readonly S[];
  labels: Record<S, string>;
  /** Unique per copy of the row (table and card). */
  selectId: string;
  label: string;
  className?: string;
}

/**
 * A row's status as a small form of its own (status intent): the select submits as soon as
 * it changes; until JavaScript runs (or without it) a Save button does. While the change is
 * on its way the select shows the new value; a refusal reloads the row and puts it back.
 */
export function RowStatusForm<S extends string>({
  hidden,
  status,
  options,
  labels,
  selectId,
  label,
  className,
}: RowStatusFormProps<S>) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : status;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={selectId}
        name="status"
        value={shown}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        aria-busy={fetcher.state !== "idle"}
        className={className}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && (
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}
