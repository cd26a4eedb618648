import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, E2E_LOCKOUT_PORT } from './support/e2e-env';
import { submitLogin } from './support/session';

// Runs against the second e2e server (captcha off, own database): failed logins from 127.0.0.1 would
// otherwise make the main server ask every later login for an image captcha for 15 minutes.
test.use({ baseURL: `http://127.0.0.1:${E2E_LOCKOUT_PORT}/oa/` });

// A dedicated seeded user: the lock lasts 15 minutes.
const LOCKOUT_USER = 'gaoxiang';

const LOCKED = /账号已被临时锁定，请1[45]分钟后再试；如需立即解锁，请联系管理员/;

test('after 5 wrong passwords the account is locked, says for how long, even with the right password', async ({ page }) => {
  test.slow(); // many logins (argon2id) on a shared machine
  await page.goto('login');
  for (let i = 1; i <= 5; i++) {
    await submitLogin(page, LOCKOUT_USER, `Wrong#${i}pass`);
    const notice = page.locator('.ant-message-error').getByText('账号或密码错误');
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 10_000 });
  }
  await submitLogin(page, LOCKOUT_USER, DEMO_PASSWORD);
  await expect(page.getByTestId('login-locked')).toContainText(LOCKED);
  await expect(page).toHaveURL(/\/oa\/login/);
  await page.screenshot({ path: test.info().outputPath('login-locked.png') });
  expect(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();

  // Another account still logs in
  await page.reload();
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible({ timeout: 30_000 });
  await submitLogin(page, 'staff', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 30_000 });
});

test('an unknown account that hits the threshold reads exactly the same, and the page knows before submit', async ({ page }) => {
  test.slow(); // many logins (argon2id) on a shared machine
  await page.goto('login');
  for (let i = 1; i <= 5; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/base/browserLogin'));
    await submitLogin(page, 'no-such-person', `Wrong#${i}pass`);
    expect((await (await answer).json()).code).toBe(1001);
  }
  await submitLogin(page, 'no-such-person', DEMO_PASSWORD);
  await expect(page.getByTestId('login-locked')).toContainText(LOCKED);
  await page.reload();
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('账号', { exact: true }).fill('no-such-person');
  await page.getByLabel('密码', { exact: true }).focus();
  await expect(page.getByTestId('login-locked')).toContainText(LOCKED);
});
