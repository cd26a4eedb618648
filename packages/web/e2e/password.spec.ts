import { expect, test, type Page } from './support/fixtures';
import { DEMO_PASSWORD } from './support/e2e-env';
import { latestSmsCode } from './support/sms-outbox';
import { login, logout, submitLogin } from './support/session';

// Dedicated seeded users, so a failure here never locks out the accounts other specs use.
const CHANGE_USER = 'songjia';
const RESET_USER = 'linxiaoyan';
const NEW_PASSWORD = 'Nb#2025xyz';

async function openDialog(page: Page, tabName: '修改密码' | '忘记密码') {
  await page.getByTestId('topbar-user').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '账号安全' });
  await expect(dialog).toBeVisible();
  // The modal may still be animating in: click until the tab really is selected.
  const tab = dialog.getByRole('tab', { name: tabName });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return dialog.getByRole('tabpanel', { name: tabName });
}

async function changePassword(page: Page, oldPassword: string, newPassword: string) {
  const pane = await openDialog(page, '修改密码');
  await pane.getByPlaceholder('请输入旧密码').fill(oldPassword);
  await pane.getByPlaceholder(/8-16位/).fill(newPassword);
  await pane.getByPlaceholder('请再次输入新密码').fill(newPassword);
  await pane.getByRole('button', { name: '确认修改' }).click();
  await expect(page.locator('.ant-message').getByText('密码修改成功')).toBeVisible();
}

test.describe('password dialog', () => {
  test('validates the change-password form and reports a wrong old password', async ({ page }) => {
    await login(page, CHANGE_USER);
    const pane = await openDialog(page, '修改密码');
    await pane.getByRole('button', { name: '确认修改' }).click();
    await expect(pane.getByText('请输入旧密码')).toBeVisible();
    await expect(pane.getByText('请输入新密码')).toBeVisible();
    await expect(pane.getByText('请确认新密码')).toBeVisible();

    await pane.getByPlaceholder(/8-16位/).fill('abc');
    await pane.getByPlaceholder(/8-16位/).blur();
    await expect(pane.getByText('密码由8-16位，大写字母，小写字母，数字，特殊字符组合！')).toBeVisible();
    await pane.getByPlaceholder(/8-16位/).fill(NEW_PASSWORD);
    await pane.getByPlaceholder('请再次输入新密码').fill(`${NEW_PASSWORD}1`);
    await expect(pane.getByText('两次输入的密码不一致')).toBeVisible();

    await pane.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await pane.getByPlaceholder('请输入旧密码').fill('Wrong#12345');
    await pane.getByRole('button', { name: '确认修改' }).click();
    await expect(page.locator('.ant-message-warning').getByText('旧密码错误')).toBeVisible();
  });

  test('changes the password, logs in with it, and changes it back', async ({ page }) => {
    await login(page, CHANGE_USER);
    await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);
    await logout(page);

    await submitLogin(page, CHANGE_USER, DEMO_PASSWORD);
    await expect(page.locator('.ant-message-error').getByText('账号或密码错误')).toBeVisible();
    await page.goto('login');
    await login(page, CHANGE_USER, NEW_PASSWORD);

    await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
    await logout(page);
    await login(page, CHANGE_USER, DEMO_PASSWORD);
  });

  test('resets the password with an SMS code; the countdown survives a reload', async ({ page }) => {
    await login(page, RESET_USER);
    let pane = await openDialog(page, '忘记密码');
    const mobile = await pane.getByPlaceholder('请输入手机号').inputValue();
    expect(mobile).toMatch(/^1\d{10}$/);

    await pane.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.locator('.ant-message').getByText(`验证码已发送至${mobile}`)).toBeVisible();
    const counting = pane.getByRole('button', { name: /\d+秒后重新发送/ });
    await expect(counting).toBeDisabled();

    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    pane = await openDialog(page, '忘记密码');
    await expect(pane.getByRole('button', { name: /\d+秒后重新发送/ })).toBeDisabled();

    await pane.getByRole('button', { name: '重置密码' }).click();
    await expect(pane.getByText('请输入验证码')).toBeVisible();

    const code = latestSmsCode(mobile);
    await pane.getByPlaceholder('请输入验证码').fill(code);
    await pane.getByPlaceholder(/8-16位/).fill(NEW_PASSWORD);
    await pane.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await pane.getByRole('button', { name: '重置密码' }).click();
    await expect(page.locator('.ant-message').getByText('密码重置成功')).toBeVisible();

    await logout(page);
    await login(page, RESET_USER, NEW_PASSWORD);
  });
});
