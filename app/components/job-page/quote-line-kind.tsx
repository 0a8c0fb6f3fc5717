import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { LINE_KIND_LABELS, TYPED_LINE_KINDS } from "~/lib/money/line-kinds";
import { formatCents } from "~/lib/money/money";

/**
 * What a quote line is for (issue 45): work or parts, and the after-hours rate only when the
 * business charges one. There is no trip or call-out kind: the site promises no trip charges.
 */
export function QuoteLineKind({
  row,
  afterHoursCents,
  error,
  defaultValue,
}: {
  row: number;
  afterHoursCents: number | null;
  error?: string;
  defaultValue?: string;
}) {
  const id = `lines-${row}--kind`;
  const kinds = TYPED_LINE_KINDS.filter((kind) => kind !== "after_hours" || afterHoursCents);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{`Line ${row + 1}: for`}</Label>
      <NativeSelect
        id={id}
        name={`lines[${row}].kind`}
        defaultValue={defaultValue ?? "service"}
        className="h-12"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {kind === "after_hours" && afterHoursCents
              ? `After hours (${formatCents(afterHoursCents)})`
              : LINE_KIND_LABELS[kind]}
          </option>
        ))}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
