/* AssocOA service worker (scope /oa/): shows a Web Push message and opens its item when clicked.
 * The payload is { title, body, link, tag } (@oa/shared/contract/notify-push PushPayload), decrypted by the browser.
 * A copy sent again after a server crash carries the same tag and replaces the shown notification. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || '新消息';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/oa/favicon.svg',
      data: { link: data.link || '/oa/message' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || '/oa/message', self.location.origin);
  // only this app's own pages are opened (the link is built by the server on OA_PUBLIC_URL)
  const target = link.origin === self.location.origin ? link.href : new URL('/oa/message', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => c.url.startsWith(`${self.location.origin}/oa/`) && 'navigate' in c);
      if (open) return open.focus().then((c) => c.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});
