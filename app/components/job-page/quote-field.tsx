import type * as React from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** A labelled input of the quote's forms, with the server's message under it. */
export function QuoteField({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const id = name.replace(/[^a-z0-9]/gi, "-");
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 text-lg"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
