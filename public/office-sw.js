/*
 * Lockline's back office service worker (app/components/admin/service-worker.ts registers
 * it for /admin). It only shows Web Push notifications and opens what they point to; it
 * caches nothing, so no private data is ever kept by it.
 */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
