/*
 * The back office's service worker (public/office-sw.js): it shows Web Push notifications
 * and opens the lead when one is tapped, and keeps the app's hashed files and an offline
 * page for a start without a connection. No page or data is cached by it.
 */

const SCRIPT = "/office-sw.js";
const SCOPE = "/admin";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export async function registerOfficeServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
    void keepLoadedAssets();
    return registration;
  } catch {
    // No service worker (private window, blocked): the page works without one.
    return null;
  }
}

/**
 * Registers the worker once the page has loaded and the browser is idle: its install and
 * the files it keeps then do not compete with a phone starting the page (decision 0040:
 * registered during start-up, Lighthouse's blocking time on Jobs and Leads went up).
 * Returns a cancel for a page that goes away first.
 */
export function registerOfficeServiceWorkerWhenIdle(): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    const register = () => void registerOfficeServiceWorker();
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(register, { timeout: 10_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(register, 2_000);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else {
    window.addEventListener("load", whenIdle, { once: true });
    cancel = () => window.removeEventListener("load", whenIdle);
  }
  return () => cancel();
}

/**
 * The files this page loaded before the worker controlled it (a first visit): the worker
 * keeps them, so the next start reads them from the phone, with or without a connection.
 */
async function keepLoadedAssets() {
  const { active } = await navigator.serviceWorker.ready;
  const keep = (entries: readonly PerformanceEntry[]) => {
    const urls = entries
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith("/assets/"));
    if (urls.length > 0) active?.postMessage({ type: "keep-assets", urls });
  };
  keep(performance.getEntriesByType("resource"));
  if (navigator.serviceWorker.controller) return;
  // A chunk loaded after this but before the worker controls the page (the speed report's,
  // at idle) is kept too; once it controls the page, the worker sees every file itself.
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: "resource" });
  navigator.serviceWorker.addEventListener("controllerchange", () => observer.disconnect(), {
    once: true,
  });
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission (the browser's own prompt) and subscribes this browser with the
 * server's public key. Returns what the server keeps, or why not.
 */
export async function subscribeThisDevice(
  publicKey: string,
): Promise<
  | { ok: true; endpoint: string; p256dh: string; auth: string }
  | { ok: false; reason: "denied" | "dismissed" | "unsupported" | "failed" }
> {
  if (!pushSupported()) return { ok: false, reason: "unsupported" };
  const permission = await Notification.requestPermission();
  // "default": the question was closed without an answer, and may be asked again.
  if (permission !== "granted")
    return { ok: false, reason: permission === "denied" ? "denied" : "dismissed" };
  try {
    const registration =
      (await registerOfficeServiceWorker()) ?? (await navigator.serviceWorker.ready);
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
      return { ok: false, reason: "failed" };
    return { ok: true, endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
  } catch {
    return { ok: false, reason: "failed" };
  }
}
