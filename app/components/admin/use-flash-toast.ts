import { useEffect } from "react";
import { toast as showToast } from "~/components/ui/toast";
import { TOAST_COOKIE, type Toast } from "~/lib/admin/toast";

/** Toasts this page has shown: until the cookie is gone every load hands the toast over. */
const shown = new Set<string>();

/**
 * Shows a toast handed over by the server (after an action or a redirect) exactly once,
 * then clears its cookie, unless the cookie already holds a newer toast.
 */
export function useFlashToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast || shown.has(toast.id)) return;
    shown.add(toast.id);
    const options = { id: toast.id, description: toast.description };
    if (toast.type === "error") showToast.error(toast.title, options);
    else if (toast.type === "success") showToast.success(toast.title, options);
    else showToast(toast.title, options);
    clearToastCookie(toast.id);
  }, [toast]);
}

function clearToastCookie(id: string) {
  const value = document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(`${TOAST_COOKIE}=`))
    ?.slice(TOAST_COOKIE.length + 1);
  if (value && cookieHolds(value, id)) {
    document.cookie = `${TOAST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}

/** React Router writes an unsigned cookie as base64 of the URI-encoded JSON. */
function cookieHolds(value: string, id: string): boolean {
  try {
    return atob(decodeURIComponent(value)).includes(id);
  } catch {
    return true;
  }
}
