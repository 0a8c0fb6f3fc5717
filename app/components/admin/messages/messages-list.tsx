import { Link } from "react-router";
import { StackedDateTime } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { MessagePurpose, MessageStatus } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { leadDisplayName } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { MESSAGE_PURPOSE_LABELS, MESSAGE_STATUS_LABELS } from "~/lib/status-labels";
import { MessageRowActions } from "./message-row-actions";

/** A text as the outbox lists it (the loader's row, dates as they arrive). */
export interface MessageListRow {
  id: string;
  toPhone: string;
  body: string;
  purpose: MessagePurpose;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  masked: boolean;
  leadId: string | null;
  leadName: string | null;
  locksmithName: string | null;
  createdAt: Date | string;
}

const STATUS_LOOK: Record<MessageStatus, BadgeProps["variant"]> = {
  queued: "secondary",
  sending: "secondary",
  sent: "default",
  delivered: "success",
  received: "success",
  failed: "destructive",
  undelivered: "destructive",
  interrupted: "warning",
  unsent: "warning",
  dropped: "outline",
};

/** The outbox, newest first: to whom, what, why, and how it went. */
export function MessagesList({
  rows,
  canSend,
}: {
  rows: readonly MessageListRow[];
  canSend: boolean;
}) {
  const columns: DataColumn<MessageListRow>[] = [
    { header: "To", className: "min-w-40", cell: (row) => <Recipient row={row} /> },
    { header: "Text", className: "min-w-60", cell: (row) => <Body text={row.body} /> },
    { header: "Status", cell: (row) => <Status row={row} /> },
    {
      header: "Created",
      className: "whitespace-nowrap tabular-nums",
      cell: (row) => <StackedDateTime value={row.createdAt} />,
    },
    {
      header: "Actions",
      align: "right",
      cell: (row) => <MessageRowActions message={row} canSend={canSend} />,
    },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Texts, newest first"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <Recipient row={row} />
            <Status row={row} />
          </div>
          <Body text={row.body} />
          <p className="text-sm text-muted-foreground">{formatDateTime(row.createdAt)}</p>
          <MessageRowActions message={row} canSend={canSend} />
        </>
      )}
    />
  );
}

function Recipient({ row }: { row: MessageListRow }) {
  const who = row.locksmithName ?? (row.leadId ? leadDisplayName(row.leadName) : null);
  return (
    <span className="grid">
      <span className="font-medium whitespace-nowrap tabular-nums">{formatPhone(row.toPhone)}</span>
      <span className="text-xs text-muted-foreground">{MESSAGE_PURPOSE_LABELS[row.purpose]}</span>
      {who && row.leadId ? (
        <Link
          to={`/admin/leads/${row.leadId}`}
          className="text-sm hover:text-brand-700 hover:underline"
        >
          {who}
        </Link>
      ) : (
        who && <span className="text-sm">{who}</span>
      )}
    </span>
  );
}

function Body({ text }: { text: string }) {
  return (
    <p data-message-body className="line-clamp-4 max-w-prose text-sm whitespace-pre-line">
      {text}
    </p>
  );
}

function Status({ row }: { row: MessageListRow }) {
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant={STATUS_LOOK[row.status]}>{MESSAGE_STATUS_LABELS[row.status]}</Badge>
      {row.status === "unsent" && (
        <span className="text-xs text-muted-foreground">Texting is not configured</span>
      )}
      {row.lastError && <span className="text-xs text-muted-foreground">{row.lastError}</span>}
      {row.attempts > 1 && (
        <span className="text-xs text-muted-foreground">{row.attempts} tries</span>
      )}
    </span>
  );
}
