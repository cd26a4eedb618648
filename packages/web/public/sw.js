/* AssocOA service worker (scope /oa/): shows a Web Push message and opens its item when clicked, and keeps the phone
 * app's shell (/oa/m/) for use without a network.
 * The payload is { title, body, link, tag } (@oa/shared/contract/notify-push PushPayload), decrypted by the browser.
 * A copy sent again after a server crash carries the same tag and replaces the shown notification. */

/* The phone app's shell, written here by the build (vite plugin sw-shell.ts): { version, files } — the page, the JS
 * and CSS its entry loads, its icons. null in the dev server: nothing is kept. */
const SHELL = /* shell */ null; /* end shell */
const SHELL_CACHE = SHELL ? `oa-phone-shell-${SHELL.version}` : null;
const PHONE_PAGE = '/oa/m/';
/* The only answer of the API that is kept: the public client configuration (site title, login options), the same for
 * everybody. Every other API answer goes to the network alone and is never stored (it carries personal data). */
const PUBLIC_API = '/oa/api/base/system/clientConfig';
const PUBLIC_CACHE = 'oa-public-config';
const OFFLINE_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>协会办公</title></head><body style="font-family:sans-serif;padding:48px 24px;text-align:center">
<h1 style="font-size:20px">协会办公</h1><p>当前网络不可用，请连接网络后重试。</p></body></html>`;

const inPhoneApp = (path) => path === '/oa/m' || path.startsWith('/oa/m/');

/** Keeps the phone shell (once per version) and the public client configuration. */
async function keepShell() {
  if (!SHELL) return;
  const cache = await caches.open(SHELL_CACHE);
  if (await cache.match(PHONE_PAGE)) return;
  await Promise.all([cache.addAll([PHONE_PAGE, ...SHELL.files]), caches.open(PUBLIC_CACHE).then((c) => c.add(PUBLIC_API))]);
}

self.addEventListener('install', (event) => {
  // only a browser that opens the phone app downloads its shell: a desktop's worker shows push messages alone
  const phoneOpen = self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((list) => list.some((c) => inPhoneApp(new URL(c.url).pathname)));
  // a failed download (the server restarting) leaves the previous worker and its shell in place
  event.waitUntil(phoneOpen.then((yes) => (yes ? keepShell() : undefined)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const old = caches
    .keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('oa-phone-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k))));
  event.waitUntil(old.then(() => self.clients.claim()));
});

const shellFiles = new Set(SHELL ? SHELL.files : []);

/** The network first; without it the kept copy (of the phone app's page: the shell), else a short Chinese page. */
async function networkFirst(request, cacheName, keepKey) {
  try {
    const answer = await fetch(request);
    if (keepKey && answer.ok) await (await caches.open(cacheName)).put(keepKey, answer.clone());
    return answer;
  } catch (error) {
    const kept = await caches.match(keepKey || PHONE_PAGE);
    if (kept) return kept;
    if (request.mode !== 'navigate') throw error;
    return new Response(OFFLINE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && inPhoneApp(url.pathname) && SHELL) {
    event.respondWith(networkFirst(request, SHELL_CACHE, null));
    // the phone app opened in a browser whose worker was installed by a desktop page: its shell is kept now
    event.waitUntil(keepShell().catch(() => undefined));
  } else if (url.pathname === PUBLIC_API) {
    event.respondWith(networkFirst(request, PUBLIC_CACHE, PUBLIC_API));
  } else if (shellFiles.has(url.pathname)) {
    // the shell's files carry their content hash in the name: the kept copy is the current one
    event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
  }
  // everything else (the API, the desktop's pages and files) is left to the browser: never kept here
});

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
