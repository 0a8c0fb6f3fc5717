import { CircleAlert, CircleCheck, CircleDashed, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLiveConnection } from "~/components/admin/live-connection";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCount, formatDateTime } from "~/lib/format";
import type { SystemStatusReport } from "~/lib/admin/system-status";
import { cn } from "~/lib/utils";

type Tone = "ok" | "warn" | "bad" | "pending";

const TONES: Record<Tone, { icon: typeof CircleCheck; className: string }> = {
  ok: { icon: CircleCheck, className: "text-green-800" },
  warn: { icon: CircleAlert, className: "text-amber-900" },
  bad: { icon: CircleAlert, className: "text-red-800" },
  pending: { icon: CircleDashed, className: "text-muted-foreground" },
};

/**
 * Real checks, each with its state in words (never colour alone): the database's round
 * trip, this server's change feed, this browser's live connection, the last backup.
 */
export function SystemStatus({
  status,
  checkedAt,
}: {
  status: SystemStatusReport;
  checkedAt: string;
}) {
  // "off" until this page's script starts the live connection: as served, and without JS.
  const browser = useLiveConnection();
  const { database, backup } = status;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">System Status</CardTitle>
        <CardDescription>Checked {formatDateTime(checkedAt)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3">
          <Check
            term="Database"
            tone={database.online ? "ok" : "bad"}
            state={database.online ? "Online" : "Offline"}
          >
            {database.online
              ? `${database.engine}, round trip ${formatCount(database.roundTripMs)} ms`
              : `${database.engine} did not answer; the reason is in the server log.`}
          </Check>
          <Check
            term="Live updates (server)"
            tone={status.liveChannel ? "ok" : "bad"}
            state={status.liveChannel ? "Connected" : "Disconnected"}
          >
            {status.liveChannel
              ? "The server hears every change to the data."
              : "The server lost the database's change feed; it reconnects by itself."}
          </Check>
          <Check
            term="Live updates (this browser)"
            tone={browser === "off" ? "pending" : browser === "live" ? "ok" : "warn"}
            state={
              browser === "off" ? "Checking…" : browser === "live" ? "Connected" : "Not connected"
            }
          >
            {browser === "off"
              ? "Live updates need JavaScript; without it, reload to see changes."
              : browser === "live"
                ? "This page refreshes itself when the data changes."
                : "Retrying by itself; until then, reload to see changes."}
          </Check>
          <Check term="Last backup" {...backupState(backup)}>
            {backupDetail(backup)}
          </Check>
        </dl>
        <Link
          to="/admin"
          replace
          preventScrollReset
          className="inline-flex items-center gap-1 justify-self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Check again
        </Link>
      </CardContent>
    </Card>
  );
}

function backupState(backup: SystemStatusReport["backup"]): { tone: Tone; state: string } {
  if (backup.unknown) return { tone: "bad", state: "Unknown" };
  if (!backup.lastAt)
    return { tone: backup.mode === "server" ? "pending" : "warn", state: "Never" };
  const when = `${formatDateTime(backup.lastAt)} (${backup.ago})`;
  return {
    tone: backup.overdue ? "warn" : "ok",
    state: backup.overdue ? `Overdue: ${when}` : when,
  };
}

function backupDetail(backup: SystemStatusReport["backup"]): string {
  if (backup.unknown) return "Could not be read while the database is offline.";
  if (backup.mode === "server")
    return "PostgreSQL is backed up by the database server's own tools.";
  if (backup.mode === "off") return "Automatic backups are off (BACKUP_INTERVAL_HOURS=0).";
  return `Automatic, every ${backup.intervalHours} hour${backup.intervalHours === 1 ? "" : "s"}.`;
}

function Check({
  term,
  tone,
  state,
  children,
}: {
  term: string;
  tone: Tone;
  state: string;
  children: ReactNode;
}) {
  const { icon: Icon, className } = TONES[tone];
  return (
    <div className="grid gap-0.5 border-b border-border pb-3 last:border-0 last:pb-0">
      <dt className="text-sm font-medium">{term}</dt>
      <dd className={cn("flex items-center gap-1.5 text-sm font-semibold", className)}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {state}
      </dd>
      <dd className="text-xs text-muted-foreground">{children}</dd>
    </div>
  );
}
