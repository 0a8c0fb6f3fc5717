import { DISPATCH_CODE_STATUSES, type DispatchCodeStatus } from "~/lib/business-enums";
import { DISPATCH_CODE_STATUS_LABELS } from "~/lib/status-labels";
import { RowStatusForm } from "../row-status-form";

interface CodeStatusFormProps {
  code: { id: string; code: string; status: DispatchCodeStatus };
  /** Tells the table's and the card's copy of the form apart (ids must be unique). */
  idPrefix: string;
}

/** A code's stored status, any to any (the spec). */
export function CodeStatusForm({ code, idPrefix }: CodeStatusFormProps) {
  return (
    <RowStatusForm
      hidden={{ codeId: code.id }}
      status={code.status}
      options={DISPATCH_CODE_STATUSES}
      labels={DISPATCH_CODE_STATUS_LABELS}
      selectId={`${idPrefix}-status-${code.id}`}
      label={`Status of code ${code.code}`}
      className="w-36 md:w-32"
    />
  );
}
