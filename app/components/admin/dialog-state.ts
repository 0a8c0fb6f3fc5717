import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { DialogAddress } from "~/components/ui/inline-dialog";
import {
  closedDialogHref,
  OPEN_ID_PARAM,
  OPEN_PARAM,
  withSearch,
} from "~/lib/admin/dialog-address";

/*
 * Which dialog a page has open, apart from the dialogs' own code (form-dialog.tsx), so a page
 * can hold the state of dialogs whose code loads when first opened (lazy-dialog.tsx).
 *
 * Every dialog also has an address: the page's own URL with `?open=<name>` (and `&id=<record>`).
 * The server renders the dialog open there, as a page (decision 0058), so the link that opens
 * a dialog works before the page has hydrated, or without JavaScript; once hydrated, the link's
 * click opens the dialog in place instead.
 */

/** A dialog's open state, held by the page that opens it (see useDialogState). */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A click the page should handle itself: a plain left click, not one opening a new tab. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Which record a page's dialog is open for. Each opening gets a new `key`, so the form
 * starts from the record as it is now (after live updates), not as it was last time.
 *
 * `name` gives the dialog its address (`?open=name&id=...`): `trigger(item, id)` is the link
 * that opens it, and `find` reads the record back from the id when the page is opened there.
 */
export function useDialogState<T>(name?: string, find?: (id: string) => T | undefined) {
  const [state, setState] = useState<{ open: boolean; item?: T; opened: number }>({
    open: false,
    opened: 0,
  });
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const named = name !== undefined && params.get(OPEN_PARAM) === name;
  const addressId = named ? (params.get(OPEN_ID_PARAM) ?? undefined) : undefined;
  const found = addressId !== undefined ? find?.(addressId) : undefined;
  // A record that is not on the page (gone, or on another page of the list) opens nothing.
  const fromAddress = named && (addressId === undefined || found !== undefined);
  const closeHref = closedDialogHref(pathname, search);
  const show = (item?: T) => setState((now) => ({ open: true, item, opened: now.opened + 1 }));
  const inline = fromAddress && !state.open;
  const open = state.open || fromAddress;
  const setOpen = (next: boolean) => {
    if (!next && inline) {
      void navigate(closeHref, { replace: true, preventScrollReset: true });
      return;
    }
    setState((now) => (now.open === next ? now : { ...now, open: next }));
  };
  const address = { inline, closeHref } satisfies DialogAddress;
  return {
    open,
    item: inline ? found : state.item,
    key: state.opened,
    show,
    setOpen,
    /** Given to the dialog: shown as part of the page when opened from its address. */
    address,
    /** All the dialog takes from here, in one spread: open, onOpenChange and its address. */
    dialogProps: { open, onOpenChange: setOpen, ...address },
    /**
     * The link that opens the dialog for `item` (whose id is `id`): to its address, and, once
     * the page has hydrated, a click opens it in place.
     */
    trigger: (item?: T, id?: string) => ({
      href: withSearch(pathname, search, (next) => {
        next.set(OPEN_PARAM, name ?? "");
        if (id === undefined) next.delete(OPEN_ID_PARAM);
        else next.set(OPEN_ID_PARAM, id);
      }),
      // It opens a dialog, as a button does; a link only until the page has hydrated.
      role: "button" as const,
      onClick: (event: MouseEvent) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        show(item);
      },
      // Space presses a button (Enter already clicks a link).
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== " ") return;
        event.preventDefault();
        show(item);
      },
    }),
  };
}

/** What a link that opens a dialog needs (useDialogState's `trigger`). */
export type DialogTrigger = ReturnType<ReturnType<typeof useDialogState>["trigger"]>;
