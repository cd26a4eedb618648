import { expect, test, type Page } from './support/fixtures';
import { DEMO_PASSWORD } from './support/e2e-env';
import { latestSmsCode } from './support/sms-outbox';
import { mobileOf, useKnownCaptcha } from './support/known-captcha';
import { login, submitLogin } from './support/session';

// Dedicated seeded users: failures here never touch the accounts other specs use.
const TYPO_USER = 'sunlihua';
const COLLEAGUE = 'zhoutao';
const FORGOT_USER = 'mawentao';
const NEW_PASSWORD = 'Fg#2026abc';

async function failLogin(page: Page, user: string) {
  const answer = page.waitForResponse((r) => r.url().includes('/api/base/browserLogin'));
  await submitLogin(page, user, 'Wrong#123pass');
  expect((await (await answer).json()).code).toBe(1001);
}

test('the login page shows the captcha before the first submit for an account that failed three times, not for a colleague', async ({
  page,
}) => {
  test.slow(); // many logins (argon2id) on a shared machine
  await useKnownCaptcha(page);
  await page.goto('login');
  for (let i = 0; i < 3; i++) await failLogin(page, TYPO_USER);

  // a fresh page knows before any submit
  await page.reload();
  const captcha = page.getByLabel('图形验证码');
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(captcha).toHaveCount(0);
  await page.getByLabel('账号', { exact: true }).fill(TYPO_USER);
  await page.getByLabel('密码', { exact: true }).focus();
  await expect(captcha).toBeVisible();
  const img = page.getByRole('img', { name: '图形验证码' });
  await expect(img).toBeVisible();
  const box = await img.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(120);
  await page.screenshot({ path: test.info().outputPath('login-captcha-before-submit.png') });

  // three typos of one person put no captcha on the colleague behind the same address
  await page.getByLabel('账号', { exact: true }).fill(COLLEAGUE);
  await page.getByLabel('密码', { exact: true }).focus();
  await expect(captcha).toHaveCount(0);

  // with the captcha solved, the right password logs in
  await page.getByLabel('账号', { exact: true }).fill(TYPO_USER);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await expect(captcha).toBeVisible();
  await captcha.fill('abcd');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 30_000 });
});

test('someone who forgot the password resets it from the login page by SMS, after an image captcha', async ({ page }) => {
  test.slow(); // many logins (argon2id) on a shared machine
  await useKnownCaptcha(page);
  await page.goto('login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/oa\/forgotPassword$/);
  const mobile = mobileOf(FORGOT_USER);
  await page.getByPlaceholder('请输入手机号').fill(mobile);

  // no SMS without the image captcha
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
  await page.getByLabel('图形验证码').fill('abcd');
  await page.screenshot({ path: test.info().outputPath('forgot-password.png') });
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.locator('.ant-message').getByText(`验证码已发送至${mobile}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /\d+秒后重新发送/ })).toBeDisabled();

  await page.getByLabel('短信验证码').fill(latestSmsCode(mobile));
  await page.getByPlaceholder(/8-16位/).fill(NEW_PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.locator('.ant-message').getByText('密码重置成功')).toBeVisible();
  await expect(page).toHaveURL(/\/oa\/login$/);

  await login(page, FORGOT_USER, NEW_PASSWORD);
});
