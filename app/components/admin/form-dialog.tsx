import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
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
  // Sent, until the fetcher says it is on its way.
  const [sending, setSending] = useState(false);
  if (sending && fetcher.state !== "idle") setSending(false);
  const [form, fields] = useZodForm({
    id,
    schema,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
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
  return (
    <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
