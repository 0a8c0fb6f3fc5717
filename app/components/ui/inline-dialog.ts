import { createContext, useContext } from "react";

/*
 * A dialog opened from its address (`?open=...`, dialog-state.ts) is rendered by the server as
 * part of the page, so it works before hydration and without JavaScript: the dialog's form reads
 * this to draw itself as a plain overlay and its Cancel as a link back to the page (decision 0058).
 */
export const InlineDialogContext = createContext<{ closeHref: string } | null>(null);

/** The page without the dialog, when the dialog is drawn as part of the page; else null. */
export function useInlineDialog() {
  return useContext(InlineDialogContext);
}

/** How a dialog opened from its address is shown: in the page, with a link that closes it. */
export interface DialogAddress {
  /** Opened from the page's URL: rendered by the server as part of the page. */
  inline?: boolean;
  /** The page without the dialog. */
  closeHref?: string;
}
