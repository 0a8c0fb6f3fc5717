import { useEffect } from "react";
import { toast } from "sonner";

/** The spec's destructive 'Error' toast when a page's data could not be loaded. */
export function useLoadErrorToast(message: string | null | undefined) {
  useEffect(() => {
    if (message) toast.error("Error", { description: message, id: `load-error:${message}` });
  }, [message]);
}
