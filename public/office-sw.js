/*
 * Lockline's back office service worker (app/components/admin/service-worker.ts registers
 * it for /admin). It shows Web Push notifications and opens what they point to, and it keeps
 * the shell for a start without a connection (decision 0040):
 *
 *   - the app's hashed files (/assets/*, never changed once built) are kept as they are
 *     fetched, and served from here after that: a second visit reads them from the phone;
 *   - a back-office page is always asked of the server; when the server cannot be reached
 *     the offline page (/office-offline.html, the same for everyone) is shown instead of the
 *     browser's error, and it reloads when the connection is back.
 *
 * No page of the back office, loader data, API answer or live stream is ever stored: they
 * hold customers' details, and go to the network untouched.
 */

const SHELL_CACHE = "office-shell-v1";
const OFFLINE_PAGE = "/office-offline.html";
const SHELL_FILES = [OFFLINE_PAGE, "/office-offline.js", "/office-icon-192.png"];
/** Hashed files kept at most: each deploy adds new ones, the oldest go first. */
const MAX_ASSETS = 300;

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("office-shell-") && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The page's request starts while the worker wakes, so pages are not slowed by it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (isAsset(url)) event.respondWith(asset(event));
  // Anything else (loader data, the live stream, the API) is not touched.
});

/** A back-office page from the server, or the offline page when it cannot be reached. */
async function page(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

/** A hashed file: from the cache, else fetched, and kept after the page has it. */
async function asset(event) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    event.waitUntil(cache.put(event.request, response.clone()).then(() => trim(cache)));
  }
  return response;
}

async function trim(cache) {
  const assets = (await cache.keys()).filter((request) => isAsset(new URL(request.url)));
  // Keys come in the order they were stored.
  await Promise.all(
    assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((old) => cache.delete(old)),
  );
}

/**
 * The page loaded its first files before this worker controlled it; it names them here
 * (service-worker.ts) so that they are kept too.
 */
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep-assets" || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      for (const href of event.data.urls) {
        const url = new URL(href, self.location.origin);
        if (!isAsset(url) || (await cache.match(url.href))) continue;
        await cache.add(url.href).catch(() => {});
      }
      await trim(cache);
    })(),
  );
});

self.addEventListener("push", (event) => {
  let notice = { title: "Lockline", body: "Something needs you in the office.", url: "/admin" };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A push without a readable payload still wakes someone.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      renotify: Boolean(notice.tag),
      // A request waits until someone looks: the notification stays until tapped or dismissed.
      requireInteraction: true,
      icon: "/office-icon-192.png",
      badge: "/office-icon-192.png",
      data: { url: notice.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/admin", self.location.origin);
  // Only our own pages open from a notification.
  const target = url.origin === self.location.origin ? url.href : `${self.location.origin}/admin`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
