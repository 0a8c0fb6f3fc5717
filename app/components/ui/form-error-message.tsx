/** A form's own error (conform's form.errors), announced when it appears. */
export function FormErrorMessage({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}
