import { Repeat, RotateCcw, Send } from "lucide-react";
import type { ComponentProps } from "react";
import {
  useDialogState,
  type DialogOpenProps,
  type DialogTrigger,
} from "~/components/admin/dialog-state";
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

/** Dispatch (or Reassign): a link to the dialog's address, opening it in place once hydrated. */
export function DispatchButton({
  trigger,
  label,
  reassign = false,
  size = "default",
}: {
  trigger: DialogTrigger;
  label: string;
  reassign?: boolean;
  size?: "default" | "sm";
}) {
  return (
    <Button asChild size={size} variant={reassign ? "outline" : "default"}>
      <a {...trigger}>
        {reassign ? <Repeat aria-hidden="true" /> : <Send aria-hidden="true" />}
        {reassign ? "Reassign" : "Dispatch"}
        <span className="sr-only"> {label}</span>
      </a>
    </Button>
  );
}

export function ReopenButton({
  trigger,
  label,
  size = "default",
}: {
  trigger: DialogTrigger;
  label: string;
  size?: "default" | "sm";
}) {
  return (
    <Button asChild size={size} variant="outline">
      <a {...trigger}>
        <RotateCcw aria-hidden="true" />
        Reopen<span className="sr-only"> {label}</span>
      </a>
    </Button>
  );
}

type WithoutOpen<Props> = Omit<Props, keyof DialogOpenProps>;

/**
 * A lead page's Dispatch (or Reassign) with the dialog it opens. The button holds the
 * dialog's state itself, so a tap renders the button and the dialog, not the lead page around
 * them (decision 0040). The dialog shows above the page wherever it sits (an overlay, a portal).
 */
export function DispatchAction({
  label,
  ...dialog
}: WithoutOpen<ComponentProps<typeof DispatchDialog>> & { label: string }) {
  const state = useDialogState("dispatch");
  return (
    <>
      <DispatchButton
        trigger={state.trigger()}
        label={label}
        reassign={dialog.lead.holder !== null}
      />
      <DispatchDialog key={state.key} {...state.dialogProps} {...dialog} />
    </>
  );
}

/** A closed lead's Reopen with its dialog, holding the dialog's state (as DispatchAction). */
export function ReopenAction({
  label,
  ...dialog
}: WithoutOpen<ComponentProps<typeof ReopenDialog>> & { label: string }) {
  const state = useDialogState("reopen");
  return (
    <>
      <ReopenButton trigger={state.trigger()} label={label} />
      <ReopenDialog key={state.key} {...state.dialogProps} {...dialog} />
    </>
  );
}
