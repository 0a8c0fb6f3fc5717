import { lazy, Suspense, useDeferredValue, useState, type ComponentType } from "react";
import { afterNextPaint } from "~/components/after-next-paint";
import { InlineDialogContext, type DialogAddress } from "./inline-dialog";
import { Spinner } from "./spinner";

/*
 * A dialog whose code (its form, its zod schema, Conform, Radix's dialog) loads when it is
 * first opened, not with the page: the back office's first load carries what the screen
 * shows, and a phone hydrates that much sooner (decision 0040). The server still renders
 * nothing of a closed dialog, so the HTML is the same either way.
 *
 * Loading starts at the page's first tap or key press, once that has been painted (whatever
 * it is for: opening a dialog is what most taps on these screens do), so by the click that
 * opens one its code is usually there. Either way an "Opening..." overlay answers the tap at once, and the dialog renders
 * after that first paint.
 *
 *   const DispatchDialog = lazyDialog(() => import("./dispatch-dialog").then((m) => m.DispatchDialog));
 */

const pending = new Set<() => unknown>();

function preloadAll() {
  for (const preload of pending) void preload();
  pending.clear();
}

if (typeof document !== "undefined") {
  // After the tap's paint: starting the downloads took a phone tens of milliseconds inside
  // the pointerdown, before the pressed button could be drawn.
  const preloadSoon = () => afterNextPaint(preloadAll);
  for (const type of ["pointerdown", "keydown"] as const) {
    document.addEventListener(type, preloadSoon, { capture: true, passive: true, once: true });
  }
}

export function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load());
  pending.add(preload);
  const Loaded = lazy(async () => ({ default: await preload() }));

  function LazyDialog({ inline = false, closeHref = "", ...rest }: Props & DialogAddress) {
    const props = rest as Props;
    // Opened from its address: part of the page, on the server and in hydration alike, so
    // no deferral (the server rendered it open) and no overlay while its code arrives (the
    // server's HTML stays until then). The server waits for it (entry.server.tsx).
    if (inline) {
      return (
        <InlineDialogContext value={{ closeHref }}>
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        </InlineDialogContext>
      );
    }
    return <ClosedOrOpened {...props} />;
  }

  function ClosedOrOpened(props: Props) {
    // A dialog kept mounted while closed (an `open` prop of false) loads once first opened.
    const open = (props as { open?: boolean }).open !== false;
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    // The tap paints the overlay at once; the dialog (its form, focus trap, options) renders
    // after that paint, in the background, so a phone answers the tap within a frame or two.
    const shown = useDeferredValue(open, false);
    if (!wanted) return null;
    const dialog =
      "open" in props ? <Loaded {...props} open={shown} /> : shown && <Loaded {...props} />;
    return (
      <>
        {open && !shown && <DialogOpening />}
        <Suspense fallback={shown ? <DialogOpening /> : null}>{dialog}</Suspense>
      </>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/** What a tap gets while a dialog's code is still on its way: an overlay that says so. */
function DialogOpening() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50">
      <div className="flex items-center gap-2 rounded-lg bg-background px-4 py-3 shadow-lg">
        <Spinner label="Opening" />
        <span aria-hidden="true">Opening...</span>
      </div>
    </div>
  );
}
