import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useActionData, useFetcher, type FetcherWithComponents } from "react-router";
import { X } from "lucide-react";
import { useInlineDialog } from "~/components/ui/inline-dialog";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ActionReply } from "~/lib/admin/action-reply";
import type { DialogOpenProps } from "~/components/admin/dialog-state";
import type { FormOptions, FormSchema } from "~/components/form-options";
import { useZodForm } from "~/components/use-zod-form";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { afterNextPaint } from "~/components/after-next-paint";

/*
 * The back office's one dialog pattern: a form posted through a fetcher (the list behind it
 * keeps its search and page), validated as it is typed with the same zod schema the action
 * checks, showing the server's field errors, and closing once the server accepted it.
 *
 *   const dialog = useDialogForm({ id, schema, defaultValue, onSaved: close });
 *   <FormDialog open onOpenChange title description>
 *     <DialogForm dialog={dialog} intent="create" submitLabel="Add lead" onCancel={close}>
 *       <InputField meta={dialog.fields.name} label="Name" />
 *     </DialogForm>
 *   </FormDialog>
 */

interface DialogFormOptions<Schema extends FormSchema> {
  /** Unique per record: a new id starts the form afresh. */
  id: string;
  /** The action's member schema for this form (with its `intent`). */
  schema: Schema;
  defaultValue?: FormOptions<Schema>["defaultValue"];
  /** Runs once the server has accepted the form (close the dialog). */
  onSaved: () => void;
}

export function useDialogForm<Schema extends FormSchema>({
  id,
  schema,
  defaultValue,
  onSaved,
}: DialogFormOptions<Schema>) {
  const fetcher = useFetcher<ActionReply>();
  // Posted without JavaScript (a dialog opened from its address), the answer is the page's.
  const posted = useActionData<ActionReply | undefined>();
  const inline = useInlineDialog() !== null;
  // Sent, until the fetcher says it is on its way.
  const [sending, setSending] = useState(false);
  if (sending && fetcher.state !== "idle") setSending(false);
  const [form, fields] = useZodForm({
    id,
    schema,
    lastResult:
      fetcher.state === "idle"
        ? (fetcher.data?.result ?? (inline ? posted?.result : undefined))
        : undefined,
    defaultValue,
    /*
     * Checked and accepted by the browser: the send button says "Saving..." in the tap's own
     * frame, and the request starts after it is painted: React Router's fetcher submission
     * ran 60-90 ms inside the tap on a phone (the Dispatch send at 4x CPU, decision 0040).
     * Without JavaScript the form posts itself.
     */
    onSubmit(event, { formData, action }) {
      event.preventDefault();
      setSending(true);
      afterNextPaint(() => void fetcher.submit(formData, { method: "post", action }));
    },
  });
  // Once per accepted answer: the dialog closes, and a later render does not close it again.
  const handled = useRef<ActionReply | undefined>(undefined);
  const accepted = fetcher.state === "idle" && fetcher.data?.ok === true ? fetcher.data : undefined;
  useEffect(() => {
    if (!accepted || handled.current === accepted) return;
    handled.current = accepted;
    onSaved();
  }, [accepted, onSaved]);
  return {
    fetcher,
    form,
    fields,
    saving: sending || fetcher.state !== "idle",
  };
}

interface RecordDialogOptions<Create extends FormSchema, Update extends FormSchema> extends Pick<
  DialogOpenProps,
  "onOpenChange"
> {
  /** What the dialog adds or edits, for the form's id: "review" gives review-7 or review-new. */
  name: string;
  /** The record's id when editing it; undefined when adding one. */
  recordId: string | undefined;
  schemas: { create: Create; update: Update };
  defaultValue?: FormOptions<Create | Update>["defaultValue"];
}

/**
 * An add-or-edit dialog's form: the `create` or `update` intent, the record's id posted with
 * it, and Cancel and a save that both close the dialog.
 *
 *   const dialog = useRecordDialogForm({ name: "review", recordId: review?.id, ... });
 *   <DialogForm dialog={dialog} {...dialog.record} submitLabel="Save review">
 */
export function useRecordDialogForm<Create extends FormSchema, Update extends FormSchema>({
  name,
  recordId,
  schemas,
  defaultValue,
  onOpenChange,
}: RecordDialogOptions<Create, Update>) {
  const close = () => onOpenChange(false);
  const dialog = useDialogForm<Create | Update>({
    id: `${name}-${recordId ?? "new"}`,
    schema: recordId ? schemas.update : schemas.create,
    defaultValue,
    onSaved: close,
  });
  const record: Pick<DialogFormProps, "intent" | "hidden" | "onCancel"> = {
    intent: recordId ? "update" : "create",
    hidden: recordId ? { id: recordId } : {},
    onCancel: close,
  };
  return { ...dialog, editing: recordId !== undefined, record };
}

/** What DialogForm needs of useDialogForm's answer, whatever the form's fields. */
interface DialogFormState {
  fetcher: FetcherWithComponents<ActionReply>;
  form: FormMetadata;
  saving: boolean;
}

interface FormDialogProps extends DialogOpenProps {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The dialog around a form: title and description announce what it does. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: FormDialogProps) {
  const inline = useInlineDialog();
  if (inline) {
    return (
      <PageDialog title={title} description={description} closeHref={inline.closeHref}>
        {children}
      </PageDialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same dialog drawn by the server as part of the page (opened from its address, decision
 * 0058): an overlay of plain HTML and CSS that needs no script, closed by a link back to the page.
 */
function PageDialog({
  title,
  description,
  closeHref,
  children,
}: Pick<FormDialogProps, "title" | "description" | "children"> & { closeHref: string }) {
  const id = useId();
  return (
    <div className="fixed inset-0 z-50 bg-black/50">
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-white p-6 shadow-xl"
      >
        <DialogHeader>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </DialogHeader>
        {children}
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </Link>
      </section>
    </div>
  );
}

interface DialogFormProps {
  dialog: DialogFormState;
  /** Which of the page's actions this form is. */
  intent: string;
  /** Hidden fields naming what the form changes (e.g. { jobId }). */
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel?: string;
  onCancel: () => void;
  children: ReactNode;
}

/** The form: hidden intent, the form's own error, the fields, then Cancel and submit. */
export function DialogForm({
  dialog: { fetcher, form, saving },
  intent,
  hidden = {},
  submitLabel,
  pendingLabel = "Saving...",
  onCancel,
  children,
}: DialogFormProps) {
  const inline = useInlineDialog();
  return (
    <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      {children}
      <DialogFooter>
        {inline ? (
          <Button asChild variant="outline">
            <Link to={inline.closeHref} replace preventScrollReset>
              Cancel
            </Link>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
