import { expect, test } from './support/fixtures';
import { login, submitLogin } from './support/session';
import { DEMO_PASSWORD } from './support/e2e-env';

test.describe('session', () => {
  // `login` types each demo account's login once per run and reuses its session: this test always types it
  test('a demo user types the login and lands on the home page', async ({ page }) => {
    await submitLogin(page, 'staff', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/oa\/dashboard$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('a stale or revoked token leads to the login page and is cleared', async ({ page }) => {
    await page.goto('login');
    await page.evaluate(() => localStorage.setItem('EL-ADMIN-TOKEN', 'not-a-valid-token'));
    await page.goto('dashboard');
    await expect(page).toHaveURL(/\/oa\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();
  });

  test('a token in the page address overrides the stored one and leaves the address bar', async ({ page, browser }) => {
    await login(page, 'leader');
    const token = await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'));
    expect(token).toBeTruthy();

    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`workIndex?token=${encodeURIComponent(token as string)}`);
    await expect(fresh).toHaveURL(/\/oa\/workIndex$/);
    await expect(fresh.getByTestId('sidebar-logo')).toContainText('王建国');
    await other.close();
  });

  test('the member platform link needs platform 4', async ({ page }) => {
    await login(page, 'staff');
    await page.getByRole('button', { name: '会员管理平台' }).click();
    await expect(page.locator('.ant-message').getByText('暂无会员平台权限')).toBeVisible();
    // 91 / 92 links only for users who have those platforms
    await expect(page.getByRole('button', { name: '服务门户' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '受托管理' })).toHaveCount(0);
  });
});
