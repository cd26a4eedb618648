import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_LOCKOUT_PORT } from './support/e2e-env';
import { submitLogin } from './support/session';

// Runs against the second e2e server (captcha off, own database): failed logins from 127.0.0.1 would
// otherwise make the main server ask every later login for an image captcha for 15 minutes.
test.use({ baseURL: `http://127.0.0.1:${E2E_LOCKOUT_PORT}/oa/` });

// A dedicated seeded user: the lock lasts 15 minutes.
const LOCKOUT_USER = 'gaoxiang';

test('after 5 wrong passwords the account is refused, even with the right password', async ({ page }) => {
  await page.goto('login');
  for (let i = 1; i <= 5; i++) {
    await submitLogin(page, LOCKOUT_USER, `Wrong#${i}pass`);
    const notice = page.locator('.ant-message-error').getByText('账号或密码错误');
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 10_000 });
  }
  await submitLogin(page, LOCKOUT_USER, DEMO_PASSWORD);
  await expect(page.locator('.ant-message-error').getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/oa\/login/);
  expect(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();

  // Another account still logs in
  await page.reload();
  await submitLogin(page, 'staff', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/oa\/dashboard$/);
});
