import { RefreshCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useOfflineRetry } from "./offline-status";
import { useQuietReload } from "./use-quiet-reload";

/**
 * "Offline — retrying" under the header while the page cannot reach the server: the page
 * stays as it was last loaded, and reloads by itself once it can (offline-status.ts). The
 * live region is always there, so a screen reader hears the notice come and go.
 */
export function OfflineNotice() {
  // Never over another load or a send: a reload already under way (the user's own, a live
  // one) reports for itself, and the retry looks again if it does not (offline-status.ts).
  const reload = useQuietReload();
  const { offline } = useOfflineRetry(reload);
  return (
    <div role="status" className="sticky top-14 z-10 print:hidden">
      {offline && (
        <div className="flex items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6">
          <RefreshCw
            className="size-4 shrink-0 motion-safe:animate-spin motion-safe:[animation-duration:3s]"
            aria-hidden="true"
          />
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">Offline — retrying</strong>{" "}
            <span className="block sm:ml-1 sm:inline">The page shows what was last loaded.</span>
          </p>
          <Button type="button" variant="outline" size="sm" onClick={reload}>
            Retry now
          </Button>
        </div>
      )}
    </div>
  );
}
