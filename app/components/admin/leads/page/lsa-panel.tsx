import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/format";
import { LSA_DISPUTE_REASONS, type LsaPanelData } from "~/lib/lead-inbox/lsa";
import { formatDuration } from "~/lib/time/duration";

interface DisputeAnswer {
  intent?: string;
  result?: { error?: Record<string, string[] | undefined> | null } | null;
}

/**
 * Google Local Services on the lead page (issue 51): what came in, whether Google charged
 * for it, and "Not a real lead": Google's reasons, sent as lead feedback; the credit decision
 * and state show here as they come back.
 */
export function LsaPanel({ leadId, lsa }: { leadId: string; lsa: LsaPanelData }) {
  const answer = useActionData<DisputeAnswer>();
  const errors = answer?.intent === "lsa-dispute" ? answer.result?.error : undefined;
  const submitting = useNavigation().formData?.get("intent") === "lsa-dispute";
  const commentError = errors?.comment?.[0];
  const reasonError = errors?.reason?.[0];
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Google Local Services
        </CardTitle>
        <CardDescription>
          A {lsa.kind} on {formatDateTime(lsa.receivedAt)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Charged</dt>
          <dd>{lsa.charged ? "Yes" : "No"}</dd>
          <dt className="font-medium">Credit</dt>
          <dd data-testid="lsa-credit">{lsa.credit}</dd>
          {lsa.disputeReason && (
            <>
              <dt className="font-medium">Reported</dt>
              <dd>
                {LSA_DISPUTE_REASONS[lsa.disputeReason]}
                {lsa.disputedAt ? ` (${formatDateTime(lsa.disputedAt)})` : ""}
              </dd>
            </>
          )}
        </dl>
        {lsa.calls.map((call) => (
          <p key={call.at}>
            Call at {formatDateTime(call.at)}
            {call.seconds !== null ? `, ${formatDuration(call.seconds)}` : ""}
          </p>
        ))}
        {lsa.messages.map((message) => (
          <blockquote key={message.at} className="border-l-2 border-slate-300 pl-3">
            {message.text}
          </blockquote>
        ))}
        {!lsa.disputeReason && (
          <Form method="post" noValidate className="grid gap-2" aria-busy={submitting || undefined}>
            <input type="hidden" name="intent" value="lsa-dispute" />
            <input type="hidden" name="leadId" value={leadId} />
            <Label htmlFor="lsa-reason">Why it was not a real lead</Label>
            <NativeSelect
              id="lsa-reason"
              name="reason"
              defaultValue="SPAM"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "lsa-reason-error" : undefined}
            >
              {Object.entries(LSA_DISPUTE_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
            {reasonError && (
              <p id="lsa-reason-error" className="font-medium text-destructive">
                {reasonError}
              </p>
            )}
            <Label htmlFor="lsa-comment">What was wrong (needed for “Another reason”)</Label>
            <Textarea
              id="lsa-comment"
              name="comment"
              rows={2}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? "lsa-comment-error" : undefined}
            />
            {commentError && (
              <p id="lsa-comment-error" className="font-medium text-destructive">
                {commentError}
              </p>
            )}
            <Button
              type="submit"
              variant="outline"
              className="justify-self-start"
              disabled={submitting}
            >
              Not a real lead
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
