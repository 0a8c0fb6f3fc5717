import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  DISCOUNT_KINDS,
  DISCOUNT_LABELS,
  DISCOUNT_REASON_MAX,
  type DiscountKind,
} from "~/lib/money/quote";
import { QuoteField } from "./quote-field";

const CHOICES: Record<DiscountKind, string> = {
  ...DISCOUNT_LABELS,
  other: "Other discount (say what for)",
};

/**
 * The discounts the site promises (senior, military) and any other, off the lines above:
 * a negative line of the quote the customer sees and approves (issue 45).
 */
export function QuoteDiscount({
  typed,
  fieldError,
}: {
  typed: (name: string) => string | undefined;
  fieldError: (name: string) => string | undefined;
}) {
  const error = fieldError("discount");
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Discount (optional, off the lines above)</legend>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <div className="grid gap-1">
          <Label htmlFor="discount">Which discount</Label>
          <NativeSelect
            id="discount"
            name="discount"
            defaultValue={typed("discount") ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-error" : undefined}
          >
            <option value="">None</option>
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CHOICES[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <QuoteField
          name="discountAmount"
          label="Discount: $"
          error={fieldError("discountAmount")}
          defaultValue={typed("discountAmount")}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      {error && (
        <p id="discount-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <QuoteField
        name="discountReason"
        label="What an other discount is for"
        error={fieldError("discountReason")}
        defaultValue={typed("discountReason")}
        maxLength={DISCOUNT_REASON_MAX}
        autoComplete="off"
      />
    </fieldset>
  );
}
