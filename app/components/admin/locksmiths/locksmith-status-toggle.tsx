import { badgeVariants } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { RowForm, useRowSending } from "../row-form";

interface LocksmithStatusToggleProps {
  locksmithId: string;
  name: string;
  active: boolean;
}

/**
 * The status badge is the toggle ("Clicking the status badge toggles between Active and
 * Inactive", docs/spec/back-office.md §2 Locksmiths page): a real
 * submit button in a small form, so it works from the keyboard, reads as a button and
 * works without JavaScript. It says which state it asks for, and the server only moves
 * toward that state, so a stale page can never flip a locksmith the wrong way.
 */
export function LocksmithStatusToggle({ locksmithId, name, active }: LocksmithStatusToggleProps) {
  const fetcherKey = `locksmith-active:${locksmithId}`;
  const sending = useRowSending(fetcherKey);
  // Show the state asked for while it is being saved; the revalidated row confirms it.
  const pending = sending.formData?.get("active");
  const shown = pending === undefined || pending === null ? active : pending === "true";
  return (
    <RowForm fetcherKey={fetcherKey} className="inline">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="locksmithId" value={locksmithId} />
      <input type="hidden" name="active" value={String(!active)} />
      <button
        type="submit"
        disabled={sending.busy}
        aria-label={`${shown ? "Active" : "Inactive"}: click to ${shown ? "deactivate" : "activate"} ${name}`}
        title={shown ? "Click to deactivate" : "Click to activate"}
        className={cn(
          badgeVariants({ variant: shown ? "success" : "secondary" }),
          "min-h-7 cursor-pointer transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait",
          shown ? "hover:bg-green-200" : "hover:bg-slate-200",
        )}
      >
        <span
          aria-hidden="true"
          className={cn("size-1.5 rounded-full", shown ? "bg-green-700" : "bg-slate-500")}
        />
        {shown ? "Active" : "Inactive"}
      </button>
    </RowForm>
  );
}
