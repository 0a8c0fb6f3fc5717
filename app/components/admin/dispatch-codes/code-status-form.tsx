import { DISPATCH_CODE_STATUSES, type DispatchCodeStatus } from "~/lib/business-enums";
import { DISPATCH_CODE_STATUS_LABELS } from "~/lib/status-labels";
import { RowSelectForm, StatusOptions } from "../row-select-form";

interface CodeStatusFormProps {
  code: { id: string; code: string; status: DispatchCodeStatus };
  /** Tells the table's and the card's copy of the form apart (ids must be unique). */
  idPrefix: string;
}

/** A code's stored status, any to any ("settable freely", docs/spec/back-office.md §4). */
export function CodeStatusForm({ code, idPrefix }: CodeStatusFormProps) {
  return (
    <RowSelectForm
      intent="status"
      hidden={{ codeId: code.id }}
      fetcherKey={`code-status:${code.id}`}
      name="status"
      value={code.status}
      selectId={`${idPrefix}-status-${code.id}`}
      label={`Status of code ${code.code}`}
      className="w-36 md:w-32"
    >
      <StatusOptions statuses={DISPATCH_CODE_STATUSES} labels={DISPATCH_CODE_STATUS_LABELS} />
    </RowSelectForm>
  );
}
