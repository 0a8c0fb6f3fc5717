import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

/**
 * The destructive 'Error' toast when a page's data could not be loaded ("All failures show a
 * destructive toast titled 'Error'", docs/spec/back-office.md §8).
 */
export function useLoadErrorToast(message: string | null | undefined) {
  useEffect(() => {
    if (message) toast.error("Error", { description: message, id: `load-error:${message}` });
  }, [message]);
}
