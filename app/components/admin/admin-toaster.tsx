import { useSyncExternalStore } from "react";
import { Toaster } from "~/components/ui/toast";

/** Below Tailwind's `sm`, as the page's bottom padding (layout.tsx) is above it. */
const PHONE = "(max-width: 639px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * The back office's toasts, where they cover nothing the person is about to tap. On a
 * desktop, at the bottom right: at the top right, a toast that stays (a new request, one
 * nobody has touched) covered Add Lead and New Job just when a call came in. On a phone, at
 * the top under the header: the thumb works at the bottom, where a "Lead saved" covered the
 * Add note button below it.
 */
export function AdminToaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return (
    <Toaster
      className="print:hidden"
      position={phone ? "top-center" : "bottom-right"}
      // Below the header (56 px): Sonner's phone layout starts at 600 px, ours at 640.
      offset={{ top: 64 }}
      mobileOffset={{ top: 64 }}
    />
  );
}
