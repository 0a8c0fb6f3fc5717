import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps, toast as sonnerToast } from "sonner";

/*
 * Toasts (Sonner) that load with the first one: most back-office page loads show none, so
 * a phone's first load carries neither Sonner nor its toaster (decision 0040). `toast` takes
 * Sonner's calls as they are and makes them once Sonner is loaded and its toaster is on the
 * page; <Toaster> renders that toaster from then on.
 */

type SonnerToast = typeof sonnerToast;

let loading: Promise<SonnerToast> | undefined;
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));
const listeners = new Set<() => void>();

function sonner(): Promise<SonnerToast> {
  if (!loading) {
    loading = Promise.all([import("sonner"), toasterReady]).then(([module]) => module.toast);
    for (const listener of listeners) listener();
  }
  return loading;
}

const later =
  <Method extends "success" | "error" | "info" | "warning">(method: Method) =>
  (...args: Parameters<SonnerToast[Method]>) =>
    void sonner().then((toast) => (toast[method] as (...a: typeof args) => unknown)(...args));

export const toast = Object.assign(
  (...args: Parameters<SonnerToast>) => void sonner().then((toast) => toast(...args)),
  {
    success: later("success"),
    error: later("error"),
    info: later("info"),
    warning: later("warning"),
    /** Nothing to dismiss before the first toast: Sonner is not loaded for it. */
    dismiss: (id?: string | number) => void loading?.then((toast) => toast.dismiss(id)),
  },
);

const SonnerToaster = lazy(() =>
  import("./sonner").then((module) => ({ default: module.Toaster })),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sonner's toaster, on the page from the first toast on. */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(
    subscribe,
    () => loading !== undefined,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <Mounted />
    </Suspense>
  );
}

/** After the toaster's own effects (it subscribes to Sonner's toasts in one): the queued toasts may go. */
function Mounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}
