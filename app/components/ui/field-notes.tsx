import type * as React from "react";

/**
 * A field's hint and its error message, under the control, with the ids its
 * aria-describedby names. No class merging here: the public site's form uses it too, and
 * keeps tailwind-merge out of its bundle.
 */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: React.ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
