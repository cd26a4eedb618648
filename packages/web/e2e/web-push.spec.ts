import { expect, test } from './support/fixtures';
import { login } from './support/session';
import { pushRegistrationId } from './support/phone';

/**
 * The installed web app (issue 33): its manifest, the service worker at /oa/ that shows a Web Push message, and the
 * switch in 个人设置. Debian Chromium has no push service of its own to subscribe with, so the push is handed to the
 * service worker as the browser would after decrypting it (DevTools: ServiceWorker.deliverPushMessage); the server
 * side (encryption, VAPID, a real push far end) is tested in features/notify/push.test.ts. Nothing here changes data.
 */
test('the web app installs, its service worker shows a push message with the item link, 个人设置 has the switch', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['notifications']);
  await login(page, 'staff');
  const origin = new URL(page.url()).origin;
  const manifest = await page.request.get(`${origin}/oa/manifest.webmanifest`);
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ scope: '/oa/', start_url: '/oa/', display: 'standalone' });

  await page.goto('personal');
  const card = page.getByTestId('push-switch-card');
  await expect(card).toContainText('在此浏览器接收通知');
  await expect(card.getByTestId('push-switch')).toBeEnabled();
  await expect(card.getByTestId('push-switch')).not.toBeChecked();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/oa/`);
  await card.screenshot({ path: info.outputPath('push-switch-card.png') });

  const cdp = await context.newCDPSession(page);
  const registrationId = pushRegistrationId(cdp, origin);
  const link = `${origin}/oa/message`;
  const payload = { title: '待办：用印申请', body: '张三提交的用印申请等待您审批', link, tag: 'e2e-push-1' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          link: (n.data as { link: string }).link,
        })),
      ),
    )
    .toEqual([payload]);
  // the same delivery sent again (after a server crash) replaces the shown notification: still one
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await page.waitForTimeout(300);
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(1);
  await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
});
