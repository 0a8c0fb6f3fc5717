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
import { REPLY_MAX, type ThreadMessage } from "~/lib/lead-inbox/partner-leads";

/*
 * A Thumbtack lead's, or a Google Local Services message lead's, conversation on its page
 * (issue 51, decisions 0072 and 0073): the customer's messages, the office's replies with
 * where each stands in words, and a reply box.
 */

/** What differs between the sources a reply goes through. */
export interface ThreadSource {
  /** "thumbtack" or "lsa": the reply route and the form's ids. */
  key: "thumbtack" | "lsa";
  /** "Thumbtack", "Google": who the reply is sent through, in words. */
  via: string;
  title: string;
  /** Why replies cannot be sent from here, when they cannot. */
  cannotReply: string;
  /** Said after a reply that failed for good. */
  afterFailure: string;
}

export const THUMBTACK_THREAD: ThreadSource = {
  key: "thumbtack",
  via: "Thumbtack",
  title: "Thumbtack conversation",
  cannotReply:
    "Replies cannot be sent from here until Thumbtack's OAuth client (THUMBTACK_CLIENT_ID, THUMBTACK_CLIENT_SECRET, THUMBTACK_REFRESH_TOKEN) or THUMBTACK_ACCESS_TOKEN is set.",
  afterFailure: "No more tries (Settings → Failed background work can retry it).",
};

export const LSA_THREAD: ThreadSource = {
  key: "lsa",
  via: "Google",
  title: "Google Local Services messages",
  cannotReply: "Replies cannot be sent from here until Google Local Services is connected.",
  // A reply Google refused is not tried again; one it never answered is in Failed background work.
  afterFailure: "No more tries: write it again, or answer the customer another way.",
};

/** Where an office reply stands, in words. */
function replyState(message: ThreadMessage, { via, afterFailure }: ThreadSource): string {
  if (message.status === "sent") return `Sent through ${via}`;
  if (message.status === "failed") {
    return `Not sent: ${message.lastError ?? `${via} refused it.`} ${afterFailure}`;
  }
  return message.lastError
    ? `Not sent yet: ${message.lastError} Trying again.`
    : `Sending to ${via}…`;
}

export function PartnerThread({
  source,
  leadId,
  messages,
  canReply,
}: {
  source: ThreadSource;
  leadId: string;
  messages: ThreadMessage[];
  canReply: boolean;
}) {
  const fetcher = useFetcher<ActionReply>();
  const intent = `${source.key}-reply`;
  const reply = useFetcherReply(fetcher, intent);
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
        <h2 className="font-semibold">{source.title}</h2>
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
                    {replyState(message, source)}
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
          action={`/admin/leads/${leadId}/${intent}`}
          noValidate
          className="grid gap-2"
        >
          <input type="hidden" name="intent" value={intent} />
          <Label htmlFor={intent}>Reply on {source.via}</Label>
          <Textarea
            id={intent}
            name="body"
            rows={3}
            maxLength={REPLY_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${intent}-error` : undefined}
          />
          {error && (
            <p id={`${intent}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={fetcher.state !== "idle"}>
            Send reply
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted-foreground">{source.cannotReply}</p>
      )}
    </Card>
  );
}
