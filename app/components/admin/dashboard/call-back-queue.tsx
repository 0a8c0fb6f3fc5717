import { PhoneCall, PhoneMissed, Plus } from "lucide-react";
import { RowForm, useRowSending } from "~/components/admin/row-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { formatPhone, phoneHref } from "~/lib/phone";

export interface CallBackRow {
  id: string;
  clientPhone: string;
  name: string | null;
  startTime: Date | string;
  attempts: number;
}

/**
 * Missed calls nobody has dealt with yet (no later answered call, no lead made after them):
 * Call back dials the number; Make lead opens the caller's lead (made if they have none).
 */
export function CallBackQueue({ calls, days }: { calls: CallBackRow[] | null; days: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <PhoneMissed className="size-5 text-amber-600" aria-hidden="true" />
          Call back
        </CardTitle>
        <CardDescription>
          Missed calls of the last {days} days that nobody has answered or turned into a lead.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {calls === null ? (
          <p className="text-sm text-muted-foreground">Not loaded.</p>
        ) : calls.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody to call back.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Callers to call back">
            {calls.map((call) => (
              <CallBack key={call.id} call={call} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CallBack({ call }: { call: CallBackRow }) {
  const fetcherKey = `make-lead:${call.id}`;
  const { busy } = useRowSending(fetcherKey);
  const phone = formatPhone(call.clientPhone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium tabular-nums">
          {phone}
          {call.name && <span className="font-normal text-muted-foreground"> · {call.name}</span>}
        </p>
        <p className="text-xs text-muted-foreground">
          Missed {formatDateTime(call.startTime)}
          {call.attempts > 1 && ` · ${call.attempts} missed calls`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button asChild size="sm">
          <a href={phoneHref(call.clientPhone)}>
            <PhoneCall aria-hidden="true" />
            Call back<span className="sr-only"> {phone}</span>
          </a>
        </Button>
        <RowForm fetcherKey={fetcherKey}>
          <input type="hidden" name="intent" value="make-lead" />
          <input type="hidden" name="callId" value={call.id} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            <Plus aria-hidden="true" />
            Make lead<span className="sr-only"> for {phone}</span>
          </Button>
        </RowForm>
      </div>
    </li>
  );
}
