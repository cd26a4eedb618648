import { expect, test, type Page } from './support/fixtures';
import { DEMO_PASSWORD, E2E_LOCKOUT_PORT } from './support/e2e-env';
import { submitLogin } from './support/session';

// On the second e2e server (captcha off, own database): the failed logins would otherwise make the main server ask
// every later login for a captcha. Accounts no other spec uses.
test.use({ baseURL: `http://127.0.0.1:${E2E_LOCKOUT_PORT}/oa/`, actionTimeout: 15_000 });
const LOCKED_USER = 'yeqing';
const SESSION_USER = 'yubo';

async function signIn(page: Page, user: string) {
  await submitLogin(page, user, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 45_000 });
}

test('the security administrator lifts a lockout and ends another person’s session', async ({ page, browser }) => {
  test.slow(); // many logins (argon2id) on a shared machine
  // five wrong passwords lock the account
  const locked = await (await browser.newContext()).newPage();
  await locked.goto('login');
  for (let i = 1; i <= 5; i++) {
    const answer = locked.waitForResponse((r) => r.url().includes('/api/base/browserLogin'), { timeout: 60_000 }); // argon2id on a busy machine
    await submitLogin(locked, LOCKED_USER, `Wrong#${i}pass`);
    await answer;
  }
  await submitLogin(locked, LOCKED_USER, DEMO_PASSWORD);
  await expect(locked.getByTestId('login-locked')).toBeVisible();

  // another person is signed in
  const other = await (await browser.newContext()).newPage();
  await signIn(other, SESSION_USER);

  await signIn(page, 'secadmin');
  await page.goto('accountSecurity');
  const lockRow = page.locator('.ant-table-row').filter({ hasText: LOCKED_USER });
  await expect(lockRow).toContainText('账号');
  await expect(lockRow).toContainText('5');
  await page.screenshot({ path: test.info().outputPath('locks.png') });
  await lockRow.getByRole('button', { name: '解锁' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message-success').filter({ hasText: '已解除锁定' })).toBeVisible(); // the one before may still show
  await expect(lockRow).toHaveCount(0);
  await locked.reload();
  await signIn(locked, LOCKED_USER);

  await page.getByRole('tab', { name: '在线会话' }).click();
  await page.getByLabel('按账号筛选').fill(SESSION_USER);
  await page.getByLabel('按账号筛选').press('Enter');
  const sessionRow = page.locator('.ant-table-row').filter({ hasText: SESSION_USER });
  await expect(sessionRow).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('sessions.png') });
  await sessionRow.getByRole('button', { name: '强制下线', exact: true }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message-success').filter({ hasText: '已强制下线' })).toBeVisible(); // the one before may still show
  await expect(sessionRow).toHaveCount(0);

  // the person's next step goes to the login page
  await other.goto('personal');
  await expect(other).toHaveURL(/\/oa\/login/, { timeout: 30_000 });
});
