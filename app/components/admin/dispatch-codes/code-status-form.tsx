import { useFetcher } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { DISPATCH_CODE_STATUSES, type DispatchCodeStatus } from "~/lib/business-enums";
import { DISPATCH_CODE_STATUS_LABELS } from "~/lib/status-labels";

interface CodeStatusFormProps {
  code: { id: string; code: string; status: DispatchCodeStatus };
  /** Tells the table's and the card's copy of the form apart (ids must be unique). */
  idPrefix: string;
}

/**
 * A code's stored status (any to any, the spec) as a small form of its own: the select
 * submits on change; until JavaScript runs (or without it) a Save button does. The select
 * shows the new value while it is saved; a refusal puts the stored one back.
 */
export function CodeStatusForm({ code, idPrefix }: CodeStatusFormProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? (pending as DispatchCodeStatus) : code.status;
  const selectId = `${idPrefix}-status-${code.id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="codeId" value={code.id} />
      <label htmlFor={selectId} className="sr-only">
        Status of code {code.code}
      </label>
      <NativeSelect
        id={selectId}
        name="status"
        value={status}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        aria-busy={fetcher.state !== "idle"}
        className="w-36 md:w-32"
      >
        {DISPATCH_CODE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {DISPATCH_CODE_STATUS_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && (
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}
