import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";
import { RowForm, useRowSending } from "./row-form";

interface RowSelectFormProps {
  /** The page action this posts (status, assign, ...). */
  intent: string;
  /** What the row is, for the action: e.g. { jobId }. */
  hidden: Record<string, string>;
  /** Names what the form changes, the same for the table's and the card's copy (see RowForm). */
  fetcherKey: string;
  /** The select's field name and the row's current value. */
  name: string;
  value: string;
  /** What another change on its way implies for this select (assigning → In Progress). */
  implied?: string;
  /** Unique per copy of the row (table and card). */
  selectId: string;
  /** The select's accessible name, naming the row ("Status of job 3f2a9c1e for Bo"). */
  label: string;
  /** What the no-JavaScript Save button saves ("status of Bo"); the label by default. */
  saveLabel?: string;
  className?: string;
  /**
   * A value that needs a confirmation before it is sent: the question asked (with
   * JavaScript, the browser's confirm) and, without, the box ticked beside Save. The
   * confirmation is posted as `confirmField=yes`; the server refuses the value without it.
   */
  confirm?: { value: string; question: string; field: string; box: string };
  /** The options. */
  children: ReactNode;
}

/**
 * A select in a row of a list, as a small form of its own: with JavaScript it submits as
 * soon as it changes and the list stays where it is; without, a Save button posts the same
 * form. While the change is on its way the select shows the value asked for; a refusal
 * reloads the row and puts it back.
 */
export function RowSelectForm({
  intent,
  hidden,
  fetcherKey,
  name,
  value,
  implied,
  selectId,
  label,
  saveLabel = label.charAt(0).toLowerCase() + label.slice(1),
  className,
  confirm,
  children,
}: RowSelectFormProps) {
  const sending = useRowSending(fetcherKey);
  const pending = sending.formData?.get(name);
  const shown = typeof pending === "string" ? pending : (implied ?? value);
  return (
    <RowForm fetcherKey={fetcherKey} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([field, id]) => (
        <input key={field} type="hidden" name={field} value={id} />
      ))}
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={selectId}
        name={name}
        value={shown}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (!form) return;
          if (confirm && event.currentTarget.value === confirm.value) {
            // Not confirmed: nothing is sent, and the select goes back to the saved value.
            if (!window.confirm(confirm.question)) return;
            const confirmed = form.elements.namedItem(confirm.field);
            if (confirmed instanceof HTMLInputElement && confirmed.type === "hidden") {
              confirmed.disabled = false;
            }
          }
          form.requestSubmit();
        }}
        aria-busy={sending.busy}
        className={cn("w-full", className)}
      >
        {children}
      </NativeSelect>
      {/* Disabled (not sent) until the confirm is answered yes; without JavaScript, the box. */}
      {confirm && <input type="hidden" name={confirm.field} value="yes" disabled />}
      <noscript>
        {confirm && (
          <label className="flex items-center gap-1 text-xs whitespace-nowrap">
            <input type="checkbox" name={confirm.field} value="yes" />
            {confirm.box}
          </label>
        )}
        <Button type="submit" size="sm" variant="outline">
          Save<span className="sr-only"> {saveLabel}</span>
        </Button>
      </noscript>
    </RowForm>
  );
}

/** One option per status, with its label. */
export function StatusOptions<S extends string>({
  statuses,
  labels,
  locked,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  /** Statuses the server would refuse now, each with a few words why (shown, not offered). */
  locked?: Partial<Record<S, string>>;
}) {
  return statuses.map((status) => (
    <option key={status} value={status} disabled={Boolean(locked?.[status])}>
      {locked?.[status] ? `${labels[status]} (${locked[status]})` : labels[status]}
    </option>
  ));
}
