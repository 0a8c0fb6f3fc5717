import { CopyButton } from "~/components/admin/copy-button";
import { DropButton } from "~/components/admin/drop-button";
import { Button } from "~/components/ui/button";
import { RETRYABLE_MESSAGE_STATUSES, type MessageStatus } from "~/lib/business-enums";
import { formatPhone } from "~/lib/phone";
import { RowForm, useRowSending } from "../row-form";

interface MessageActionsProps {
  message: {
    id: string;
    status: MessageStatus;
    body: string;
    toPhone: string;
    /** It holds a customer's key, shown masked: Resend, never Copy (issue 44). */
    masked: boolean;
  };
  /** Whether Twilio is set up: Resend is only offered when it can send. */
  canSend: boolean;
}

/**
 * Resend and Drop for a text that did not go (failed, undelivered, interrupted, unsent),
 * each a small POST form that works without JavaScript; an unsent text also offers its
 * words to copy, for sending from the office's own phone, unless it holds a customer's key.
 * A text that went with a customer's link can be sent again (the customer lost it).
 */
export function MessageRowActions({ message, canSend }: MessageActionsProps) {
  const fetcherKey = `message:${message.id}`;
  const { busy } = useRowSending(fetcherKey);
  if (message.masked && canSend && (message.status === "sent" || message.status === "delivered")) {
    return (
      <RowForm fetcherKey={fetcherKey} className="flex flex-wrap gap-2 md:justify-end">
        <input type="hidden" name="messageId" value={message.id} />
        <Button type="submit" name="intent" value="resend" size="sm" disabled={busy}>
          Resend
        </Button>
      </RowForm>
    );
  }
  if (!(RETRYABLE_MESSAGE_STATUSES as readonly string[]).includes(message.status)) return null;
  return (
    <div>
      <RowForm fetcherKey={fetcherKey} className="flex flex-wrap gap-2 md:justify-end">
        {message.status === "unsent" && !message.masked && (
          <CopyButton
            text={message.body}
            what={`text to ${formatPhone(message.toPhone)}`}
            copied={{ title: "Copied", description: "Send it from your phone, then Drop it here." }}
            selectSelector="[data-message-body]"
          />
        )}
        <input type="hidden" name="messageId" value={message.id} />
        {canSend && (
          <Button type="submit" name="intent" value="resend" size="sm" disabled={busy}>
            Resend
          </Button>
        )}
        <DropButton busy={busy} />
      </RowForm>
    </div>
  );
}
