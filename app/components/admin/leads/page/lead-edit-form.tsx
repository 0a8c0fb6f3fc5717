import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionReply } from "~/lib/admin/action-reply";
import { EDITABLE_LEAD_FIELDS, type LeadFieldValues } from "~/lib/leads/lead-edit-fields";
import { shortHash } from "~/lib/ids";
import { formatPhone } from "~/lib/phone";
import { LeadFields } from "../lead-fields";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";

/**
 * Every field of the lead, editable. The form also sends what each field said when it was
 * shown (`was.*`): the server writes only what this person changed, so another operator's
 * change to another field meanwhile is kept (app/lib/leads/lead-edits.ts).
 */
const loadLeadEditSchema = () =>
  import("~/lib/schemas/leads").then((module) => module.leadEditSchema);

export function LeadEditForm({ lead }: { lead: { id: string } & LeadFieldValues }) {
  const fetcher = useFetcher<ActionReply>();
  const shown = {
    name: lead.name ?? "",
    phone: formatPhone(lead.phone ?? ""),
    serviceType: lead.serviceType ?? "",
    zip: lead.zip ?? "",
    address: lead.address ?? "",
    details: lead.details ?? "",
  };
  const [form, fields] = useLazyZodForm({
    // A new id when the lead changes on the server: the form starts from what is stored.
    id: `lead-edit-${lead.id}-${shortHash(JSON.stringify(shown))}`,
    loadSchema: loadLeadEditSchema,
    lastResult: useFetcherReply(fetcher, "edit"),
    defaultValue: shown,
  });
  const saving = fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Details</CardTitle>
        <CardDescription>What the caller told us, and where to go.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="leadId" value={lead.id} />
          {EDITABLE_LEAD_FIELDS.map((field) => (
            <input key={field} type="hidden" name={`was.${field}`} value={shown[field]} />
          ))}
          <FormErrorMessage id={form.errorId} errors={form.errors} />
          <LeadFields fields={fields} />
          <Button type="submit" disabled={saving} className="justify-self-start">
            {saving ? "Saving..." : "Save details"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
