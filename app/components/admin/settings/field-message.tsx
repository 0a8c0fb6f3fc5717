/**
 * Under a settings field: the server's error for it, or else its hint, with the id the
 * field's aria-describedby names (`${name}-error` or `${name}-hint`).
 */
export function FieldMessage({
  name,
  error,
  hint,
}: {
  name: string;
  error: string | undefined;
  hint: React.ReactNode;
}) {
  return error ? (
    <p id={`${name}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : (
    <p id={`${name}-hint`} className="text-sm text-muted-foreground">
      {hint}
    </p>
  );
}
