import { MessagesSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ActionReply } from "~/lib/admin/action-reply";
import { formatDateTime } from "~/lib/format";
import { REPLY_MAX } from "~/lib/schemas/lead-inbox";

/*
 * A Thumbtack lead's conversation on its page (issue 51, decision 0073): the customer's
 * messages, the office's replies with where each stands in words, and a reply box.
 */

export interface ThreadMessage {
  id: string;
  direction: string;
  body: string;
  status: string;
  lastError: string | null;
  authorName: string | null;
  sentAt: Date | string | null;
  createdAt: Date | string;
}

/** Where an office reply stands, in words. */
function replyState(message: ThreadMessage): string {
  if (message.status === "sent") return "Sent through Thumbtack";
  if (message.status === "failed") {
    return `Not sent: ${message.lastError ?? "Thumbtack refused it"} No more tries (Settings → Failed background work can retry it).`;
  }
  return message.lastError
    ? `Not sent yet: ${message.lastError} Trying again.`
    : "Sending to Thumbtack…";
}

export function ThumbtackThread({
  leadId,
  messages,
  canReply,
}: {
  leadId: string;
  messages: ThreadMessage[];
  canReply: boolean;
}) {
  const fetcher = useFetcher<ActionReply>();
  const reply = useFetcherReply(fetcher, "thumbtack-reply");
  const error = reply?.error?.body?.[0];
  const form = useRef<HTMLFormElement>(null);
  const sentOk = fetcher.state === "idle" && fetcher.data?.ok;
  useEffect(() => {
    if (sentOk) form.current?.reset();
  }, [sentOk]);
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <MessagesSquare className="size-5 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-semibold">Thumbtack conversation</h2>
      </div>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      ) : (
        <ol className="grid gap-3">
          {messages.map((message) => {
            const ours = message.direction === "out";
            return (
              <li
                key={message.id}
                className={`grid gap-1 rounded-md border p-3 text-sm ${ours ? "bg-muted" : ""}`}
              >
                <p className="text-xs text-muted-foreground">
                  {ours ? (message.authorName ?? "The office") : (message.authorName ?? "Customer")}
                  {" · "}
                  {formatDateTime(message.sentAt ?? message.createdAt)}
                </p>
                <p className="whitespace-pre-wrap">{message.body}</p>
                {ours && (
                  <p
                    className={`text-xs ${message.status === "sent" ? "text-muted-foreground" : "text-destructive"}`}
                  >
                    {replyState(message)}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {canReply ? (
        <fetcher.Form
          ref={form}
          method="post"
          action={`/admin/leads/${leadId}/thumbtack-reply`}
          noValidate
          className="grid gap-2"
        >
          <input type="hidden" name="intent" value="thumbtack-reply" />
          <Label htmlFor="thumbtack-reply">Reply on Thumbtack</Label>
          <Textarea
            id="thumbtack-reply"
            name="body"
            rows={3}
            maxLength={REPLY_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "thumbtack-reply-error" : undefined}
          />
          {error && (
            <p id="thumbtack-reply-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={fetcher.state !== "idle"}>
            Send reply
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted-foreground">
          Replies cannot be sent from here until THUMBTACK_ACCESS_TOKEN is set.
        </p>
      )}
    </Card>
  );
}
