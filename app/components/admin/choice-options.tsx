import { SERVICE_TYPES } from "~/lib/business-enums";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";

/*
 * The options of the back office's recurring selects, each with its empty first choice.
 */

/** "No locksmith" (or what `none` says), then the locksmiths by name. */
export function LocksmithOptions({
  locksmiths,
  none,
}: {
  locksmiths: readonly { id: string; name: string }[];
  none: string;
}) {
  return (
    <>
      <option value="">{none}</option>
      {locksmiths.map((locksmith) => (
        <option key={locksmith.id} value={locksmith.id}>
          {locksmith.name}
        </option>
      ))}
    </>
  );
}

/** "Choose ..." then the eight lead service types with their labels. */
export function ServiceTypeOptions({ choose }: { choose: string }) {
  return (
    <>
      <option value="">{choose}</option>
      {SERVICE_TYPES.map((type) => (
        <option key={type} value={type}>
          {SERVICE_TYPE_LABELS[type]}
        </option>
      ))}
    </>
  );
}
