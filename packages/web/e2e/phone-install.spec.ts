import type { Page } from './support/fixtures';
import { expect, test } from './support/fixtures';
import { login } from './support/session';
import { phoneContext, pushRegistrationId } from './support/phone';

/**
 * Issue 34, the phone app installed (/oa/m/ in a phone's browser, 360×780, touch): its own manifest (协会办公, opened at
 * /oa/m/), the service worker at /oa/ keeps its shell, so that without a network the app still opens and says so in
 * Chinese; 我的 has the notification switch and the worker shows a push message that opens the item in the phone app.
 * Debian Chromium has no push service to subscribe with (see web-push.spec.ts): the push is handed to the worker as
 * the browser would after decrypting it. Nothing here changes data.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The names of the files kept in the phone shell's cache, and whether the app's page is among them. */
const keptShell = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('oa-phone-shell-'));
    if (!name) return { page: false, files: 0 };
    const cache = await caches.open(name);
    return { page: Boolean(await cache.match('/oa/m/')), files: (await cache.keys()).length };
  });

test('the phone app installs: its manifest, a kept shell that opens offline, notifications from 我的', async ({ page }) => {
  await login(page, 'leader');
  const phone = await phoneContext(page, { signedIn: true });
  await phone.grantPermissions(['notifications']);
  const m = await phone.newPage();
  await m.goto('m/');
  await expect(m.getByTestId('m-list-todo')).toBeVisible();

  // the phone app's own manifest, linked from its pages
  const href = await m.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/oa/m/manifest.webmanifest');
  const manifest = await (await m.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: '协会办公', start_url: '/oa/m/', scope: '/oa/m/', display: 'standalone' });
  const sizes = (manifest.icons as Array<{ src: string; sizes: string; type: string }>).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const answer = await m.request.get(icon.src);
    expect(answer.ok(), icon.src).toBe(true);
    expect(answer.headers()['content-type']).toContain(icon.type);
  }

  // the service worker installs, takes the page and keeps the shell (the page, its JS and CSS)
  const origin = new URL(m.url()).origin;
  expect(await m.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/oa/`);
  await expect.poll(() => m.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect.poll(() => keptShell(m)).toMatchObject({ page: true });
  expect((await keptShell(m)).files).toBeGreaterThan(10);
  // no answer of the API with personal data is kept: only the public client configuration
  const apiKept = await m.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys())
        if (new URL(r.url).pathname.startsWith('/oa/api/')) out.push(new URL(r.url).pathname);
    return out;
  });
  expect(apiKept.every((p) => p === '/oa/api/base/system/clientConfig')).toBe(true);

  // 我的: the switch for notifications on this phone
  await m.getByTestId('m-tabbar').getByRole('link', { name: /我的$/ }).click();
  const card = m.getByTestId('push-switch-card');
  await expect(card).toContainText('在此浏览器接收通知');
  await expect(card.getByTestId('push-switch')).toBeEnabled();
  await shot(m, 'm-me-push-switch');
  // a push message shown by the worker opens the item in the phone app
  const cdp = await phone.newCDPSession(m);
  const registrationId = pushRegistrationId(cdp, origin);
  const payload = { title: '待办：收文批示', body: '请批示收文', link: `${origin}/oa/m/`, tag: 'e2e-phone-push' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() => m.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)))
    .toEqual([payload.title]);
  await m.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));

  // switching it on asks the browser for a subscription: this headless one refuses it, which is said in Chinese
  await card.getByTestId('push-switch').click();
  await expect(m.locator('.ant-message-notice')).toContainText('此浏览器未能开通通知');
  await expect(card.getByTestId('push-switch')).not.toBeChecked();
  await shot(m, 'm-me-push-subscribe');

  // without a network: the app's pages still open from the kept shell and say, in Chinese, what is wrong
  await phone.setOffline(true);
  await m.goto('m/');
  await expect(m.getByText('暂时无法连接服务器，请检查网络后重试')).toBeVisible();
  await expect(m.getByRole('button', { name: /重\s*试/ })).toBeVisible();
  await shot(m, 'm-offline-todo');
  await m.goto('m/done');
  await expect(m.getByText('暂时无法连接服务器，请检查网络后重试')).toBeVisible();
  await shot(m, 'm-offline-done');
  // back online, 重试 loads the list
  await phone.setOffline(false);
  await m.getByRole('button', { name: /重\s*试/ }).click();
  await expect(m.getByTestId('m-list-done')).toBeVisible();
  await phone.close();

  // a page outside the phone app, from its login (忘记密码？), is opened by the desktop app
  const guest = await phoneContext(page);
  const g = await guest.newPage();
  await g.goto('m/login');
  await g.getByRole('link', { name: '忘记密码？' }).click();
  await expect(g).toHaveURL(/\/oa\/forgotPassword$/);
  await expect(g.getByText('忘记密码').first()).toBeVisible();
  await guest.close();
});
