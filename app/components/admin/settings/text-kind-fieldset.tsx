import { useState } from "react";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  KIND_RULES,
  PLACEHOLDERS,
  renderText,
  SAMPLE_VALUES,
  TEXT_KIND_LABELS,
  type TextKind,
} from "~/lib/texting/text-templates";

interface TextKindFieldsetProps {
  kind: TextKind;
  enabled: boolean;
  template: string;
  error?: string;
  business: { name: string; phone: string };
  disabled: boolean;
}

/**
 * One kind of text in Settings → Messages: on or off, its template, the placeholders it can
 * use, and a preview filled with sample values (live as you type, when JavaScript runs).
 */
export function TextKindFieldset({
  kind,
  enabled,
  template,
  error,
  business,
  disabled,
}: TextKindFieldsetProps) {
  const [draft, setDraft] = useState(template);
  const rules = KIND_RULES[kind];
  const preview = renderText(kind, draft, {
    ...SAMPLE_VALUES,
    business: business.name,
    business_phone: business.phone,
  });
  const id = `template-${kind}`;
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 font-semibold">{TEXT_KIND_LABELS[kind]}</legend>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="enabled"
          value={kind}
          defaultChecked={enabled}
          disabled={disabled}
          className="size-4 accent-brand-700"
        />
        Send this text
      </label>
      <div className="grid gap-2 lg:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={id}>Template</Label>
          <Textarea
            id={id}
            name={`templates.${kind}`}
            rows={6}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            className="font-mono text-sm"
          />
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <p id={`${id}-help`} className="text-xs text-muted-foreground">
            Can use{" "}
            {rules.allowed.map((name, index) => (
              <span key={name}>
                {index > 0 && ", "}
                <code title={PLACEHOLDERS[name]}>{`{${name}}`}</code>
              </span>
            ))}
            .
            {rules.required.length > 0 &&
              ` Needs ${rules.required.map((n) => `{${n}}`).join(", ")}.`}
            {rules.toCustomer && " The opt-out line is always added."}
          </p>
        </div>
        <div className="grid content-start gap-1.5">
          <p className="text-sm font-medium" id={`${id}-preview-label`}>
            Preview
          </p>
          <output
            aria-labelledby={`${id}-preview-label`}
            className="block rounded-lg bg-muted p-3 text-sm wrap-anywhere whitespace-pre-line"
          >
            {preview}
          </output>
        </div>
      </div>
    </fieldset>
  );
}
