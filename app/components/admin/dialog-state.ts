import { useState } from "react";

/*
 * Which dialog a page has open, apart from the dialogs' own code (form-dialog.tsx), so a page
 * can hold the state of dialogs whose code loads when first opened (lazy-dialog.tsx).
 */

/** A dialog's open state, held by the page that opens it (see useDialogState). */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Which record a page's dialog is open for. Each opening gets a new `key`, so the form
 * starts from the record as it is now (after live updates), not as it was last time.
 */
export function useDialogState<T>() {
  const [state, setState] = useState<{ open: boolean; item?: T; opened: number }>({
    open: false,
    opened: 0,
  });
  return {
    open: state.open,
    item: state.item,
    key: state.opened,
    show: (item?: T) => setState((now) => ({ open: true, item, opened: now.opened + 1 })),
    setOpen: (open: boolean) => setState((now) => (now.open === open ? now : { ...now, open })),
  };
}
