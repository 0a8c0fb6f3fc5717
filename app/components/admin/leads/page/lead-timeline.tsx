import { getFormProps } from "@conform-to/react";
import { Link, useFetcher } from "react-router";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/form-fields";
import type { ActionReply } from "~/lib/admin/action-reply";
import { formatDateTime, shortId } from "~/lib/format";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import type { TimelineItem } from "~/lib/leads/timeline";
import { cn } from "~/lib/utils";

/** The lead's story, newest first: what happened, who did it, when; and a note to add. */
export function LeadTimeline({ leadId, items }: { leadId: string; items: TimelineItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Timeline</CardTitle>
        <CardDescription>
          Everything about this lead, its jobs and codes, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <NoteForm leadId={leadId} />
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol
            className="grid gap-4 border-l border-border pl-4"
            aria-label="Timeline, newest first"
          >
            {items.map((item) => (
              <li key={item.id} className="relative">
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-4 ring-white",
                    item.tone === "note"
                      ? "bg-accent-500"
                      : item.tone === "customer"
                        ? "bg-brand-600"
                        : "bg-slate-400",
                  )}
                />
                <p className="text-sm font-medium">
                  <Ref item={item} />
                </p>
                {item.detail && (
                  <p
                    className={cn(
                      "mt-0.5 text-sm wrap-anywhere whitespace-pre-line",
                      item.tone === "note"
                        ? "rounded-md bg-amber-50 px-2 py-1 text-foreground"
                        : "text-muted-foreground",
                    )}
                  >
                    {item.detail}
                  </p>
                )}
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {item.who} ·{" "}
                  <time dateTime={new Date(item.at).toISOString()}>{formatDateTime(item.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The line, linking to the job or code it is about. */
function Ref({ item }: { item: TimelineItem }) {
  if (item.ref?.kind === "job") {
    return (
      <Link to={`/admin/jobs?q=${shortId(item.ref.id)}`} className="hover:underline">
        {item.what}
      </Link>
    );
  }
  if (item.ref?.kind === "code") {
    return (
      <Link to={`/admin/dispatch-codes?q=${item.ref.code}`} className="hover:underline">
        {item.what}
      </Link>
    );
  }
  return <>{item.what}</>;
}

const loadNoteSchema = () => import("~/lib/schemas/leads").then((module) => module.leadNoteSchema);

function NoteForm({ leadId }: { leadId: string }) {
  const fetcher = useFetcher<ActionReply>();
  const [form, fields] = useLazyZodForm({
    id: `lead-note-${leadId}`,
    lastResult: useFetcherReply(fetcher, "note"),
    loadSchema: loadNoteSchema,
    validateOn: "submit",
  });
  // A saved note empties the box: the server's reply resets the form (Conform's resetForm).
  return (
    <fetcher.Form method="post" className="grid gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="leadId" value={leadId} />
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      <TextareaField
        meta={fields.note}
        label="Add a note"
        rows={2}
        placeholder="Gate code, who to ask for, what was promised..."
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        className="justify-self-start"
      >
        {fetcher.state !== "idle" ? "Adding..." : "Add note"}
      </Button>
    </fetcher.Form>
  );
}
