import { useEffect } from "react";
import { toast as showToast } from "sonner";
import type { Toast } from "~/lib/toast";

/** Shows a toast handed over by the server (after a redirect) exactly once. */
export function useFlashToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const options = { id: toast.id, description: toast.description };
    if (toast.type === "error") showToast.error(toast.title, options);
    else if (toast.type === "success") showToast.success(toast.title, options);
    else showToast(toast.title, options);
  }, [toast]);
}
