import { Repeat, RotateCcw, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { lazyDialog } from "~/components/ui/lazy-dialog";

/*
 * A lead's Dispatch (or Reassign) and Reopen: the buttons, with the page, and their dialogs
 * (and Add lead's),
 * whose code loads when one is first opened (lazy-dialog.tsx, decision 0040).
 */

export const DispatchDialog = lazyDialog(() =>
  import("./dispatch-dialog").then((module) => module.DispatchDialog),
);

export const LeadDialog = lazyDialog(() =>
  import("./lead-dialog").then((module) => module.LeadDialog),
);

export const ReopenDialog = lazyDialog(() =>
  import("./reopen-dialog").then((module) => module.ReopenDialog),
);

export function DispatchButton({
  onClick,
  label,
  reassign = false,
  size = "default",
}: {
  onClick: () => void;
  label: string;
  reassign?: boolean;
  size?: "default" | "sm";
}) {
  return (
    <Button type="button" size={size} variant={reassign ? "outline" : "default"} onClick={onClick}>
      {reassign ? <Repeat aria-hidden="true" /> : <Send aria-hidden="true" />}
      {reassign ? "Reassign" : "Dispatch"}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}

export function ReopenButton({
  onClick,
  label,
  size = "default",
}: {
  onClick: () => void;
  label: string;
  size?: "default" | "sm";
}) {
  return (
    <Button type="button" size={size} variant="outline" onClick={onClick}>
      <RotateCcw aria-hidden="true" />
      Reopen<span className="sr-only"> {label}</span>
    </Button>
  );
}
