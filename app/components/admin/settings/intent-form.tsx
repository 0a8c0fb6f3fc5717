import { Form, useActionData, useNavigation } from "react-router";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/*
 * A settings page of small forms, one intent each (Settings → Sources): the page reloads
 * with the change, or with the refused field's message next to it (handleIntents' answer).
 */

/** What handleIntents answers a refused post: its intent and the fields' messages. */
interface IntentAnswer {
  intent?: string;
  result?: { error?: Record<string, string[] | undefined> | null } | null;
}

/**
 * A post of one intent; the page reloads with the change (or the field's message). With
 * `confirm`, the browser asks that question first and posts only on OK.
 */
export function IntentForm({
  intent,
  className,
  confirm,
  children,
}: {
  intent: string;
  className?: string;
  confirm?: string;
  children: React.ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      noValidate
      className={className}
      aria-busy={submitting || undefined}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** The message next to a field, when the last post of its intent was refused for it. */
export function FieldError({
  name,
  intent,
  children,
}: {
  name: string;
  intent: string;
  children: (error: string | undefined, describedBy: string | undefined) => React.ReactNode;
}) {
  const answer = useActionData<IntentAnswer>();
  const error =
    answer && "intent" in answer && answer.intent === intent
      ? answer.result?.error?.[name]?.[0]
      : undefined;
  const id = `${intent}-${name}-error`;
  return (
    <div className="grid gap-1">
      {children(error, error ? id : undefined)}
      {error && (
        <p id={id} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextInput({
  name,
  label,
  intent = "add-source",
  id = `${intent}-${name}`,
  ...props
}: {
  name: string;
  label: string;
  intent?: string;
} & Omit<React.ComponentProps<"input">, "name">) {
  return (
    <FieldError name={name} intent={intent}>
      {(error, describedBy) => (
        <>
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            name={name}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...props}
          />
        </>
      )}
    </FieldError>
  );
}
