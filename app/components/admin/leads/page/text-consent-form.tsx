import { MessageSquare } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";

/**
 * Whether the customer is texted about this lead: a web request says so with its checkbox;
 * for a phone lead the operator records what the caller agreed to. A customer who replied
 * STOP gets nothing, whatever is ticked here.
 */
export function TextConsentForm({
  leadId,
  consent,
  optedOutAt,
}: {
  leadId: string;
  consent: boolean;
  optedOutAt: Date | string | null;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("consent");
  const shown = pending ? pending === "yes" : consent;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-6">
      <div className="flex items-start gap-3">
        <MessageSquare
          className="mt-0.5 size-5 shrink-0 text-muted-foreground"
          aria-hidden="true"
        />
        <div>
          <h2 className="font-semibold">Texts to the customer</h2>
          <p className="text-sm text-muted-foreground">
            {optedOutAt
              ? `They replied STOP on ${formatDateTime(optedOutAt)}: no texts are sent to them.`
              : shown
                ? "Customer agreed to texts: they are told when a locksmith is assigned and on the way."
                : "Not agreed: the customer gets no texts about this lead."}
          </p>
        </div>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="text-consent" />
        <input type="hidden" name="leadId" value={leadId} />
        <input type="hidden" name="consent" value={shown ? "no" : "yes"} />
        <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
          {shown ? "Remove agreement" : "Customer agreed to texts"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
