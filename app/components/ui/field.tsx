import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";
import { FieldNotes } from "./field-notes";

interface FieldProps {
  label: string;
  htmlFor: string;
  /** Error messages for this field (first one shown). */
  errors?: readonly string[] | undefined;
  errorId?: string;
  hint?: React.ReactNode;
  hintId?: string;
  className?: string;
  children: React.ReactNode;
}

/** Label, control, hint and the field's error message, wired for screen readers. */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  hintId,
  className,
  children,
}: FieldProps) {
  const error = errors?.[0];
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
