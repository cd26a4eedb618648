import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from './support/fixtures';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { DEMO_PASSWORD, E2E_RESULTS_DIR } from './support/e2e-env';
import { login, logout, submitLogin } from './support/session';
import { signedHeaders } from './support/signed-api';
import { totpAt } from './support/two-factor';

/**
 * Two factors (issue 36): a role that must use them, set on 登录安全策略; its holder is made to bind an authenticator
 * at login (nothing else first), cannot sign in afterwards without a code, a wrong code is refused, the right one works.
 * The role and the account are this spec's own (new on every try), so no demo account changes.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 45_000 });

const OWN_PASSWORD = 'Tf#2026pass';
const SHOTS = path.join(E2E_RESULTS_DIR, 'two-factor-shots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

type Answer = { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function api(page: Page, method: 'POST' | 'PUT', p: string, body: unknown, token?: string): Promise<Answer> {
  const headers = { ...(await signedHeaders(page, p)), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await page.request.fetch(p, { method, headers, data: body });
  return (await res.json()) as Answer;
}

async function fresh(browser: Browser): Promise<Page> {
  return (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 860 } })).newPage();
}

/** A wrong code of `secret` now (never one of the three steps the server accepts). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

test('a role requires two factors: its holder binds an authenticator at login and then needs the code', async ({ browser }) => {
  const run = `${Date.now().toString(36).slice(-5)}${test.info().retry}`;
  const role = { code: `tfr${run}`, name: `双因素测试角色${run}` };
  const person = { code: `tfu${run}`, name: `双因素测试${run}` };

  // the system administrator (itself through its second step, session.ts) makes a role and an account; the security
  // administrator (三员分立) gives the account the role and requires two factors of it on the page
  const admin = await fresh(browser);
  await login(admin, 'admin');
  expect(
    await api(admin, 'POST', 'api/auth/industry/common/roles', { roleCode: role.code, roleName: role.name, remark: '' }),
  ).toMatchObject({ code: 0 });
  const created = await api(admin, 'POST', 'api/auth/oa/user/insert', {
    userCode: person.code,
    userName: person.name,
    deptCode: 'D01',
    position: '财务专员',
    password: hashPassword(DEMO_PASSWORD),
  });
  expect(created, created.message).toMatchObject({ code: 0 });
  // the person sets a password of their own first (an account an administrator made must change it), before the role
  const first = await api(admin, 'POST', 'api/base/browserLogin', { username: person.code, password: hashPassword(DEMO_PASSWORD) });
  const changed = await api(
    admin,
    'PUT',
    'api/auth/base/system/changePassword',
    { userCode: person.code, oldPassword: hashPassword(DEMO_PASSWORD), password: hashPassword(OWN_PASSWORD) },
    first.data.token,
  );
  expect(changed, changed.message).toMatchObject({ code: 0 });
  await admin.context().close();
  const sec = await fresh(browser);
  await login(sec, 'secadmin');
  expect(await api(sec, 'POST', 'api/auth/industry/common/roleUser', { roleCode: role.code, userCodes: [person.code] })).toMatchObject({
    code: 0,
  });
  await sec.goto('mfaPolicy');
  const row = sec.locator('tbody tr').filter({ hasText: role.name });
  await row.getByRole('switch').click();
  await expect(row.getByRole('switch')).toBeChecked();
  await expect(row.locator('td').nth(3)).toHaveText('0（1 人未绑定）');
  await shot(sec, 'policy-page');

  // the holder: the password alone leads only to binding an authenticator
  const page = await fresh(browser);
  await page.goto('/oa/login');
  await submitLogin(page, person.code, OWN_PASSWORD);
  const enrol = page.getByTestId('enrol-at-login');
  await expect(enrol).toBeVisible();
  await expect(page.getByText(`您的角色（${role.name}）要求启用双因素认证`)).toBeVisible();
  await expect(enrol.getByAltText('验证器二维码')).toBeVisible();
  const secret = ((await enrol.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'enrol-at-login');
  await enrol.getByRole('textbox', { name: '动态口令', exact: true }).fill(wrongCode(secret));
  await enrol.getByRole('button', { name: '绑定并登录' }).click();
  await expect(enrol.locator('.login-field-error')).toContainText('动态口令错误');
  await enrol.getByRole('textbox', { name: '动态口令', exact: true }).fill(totpAt(secret));
  await enrol.getByRole('button', { name: '绑定并登录' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes).toContainText('恢复码只显示这一次');
  await expect(codes.locator('.oa-recovery-codes span')).toHaveCount(10);
  await shot(page, 'recovery-codes');
  await page.getByRole('button', { name: '我已保存，进入系统' }).click();
  await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 45_000 });

  // signed out, the password is not enough: a wrong code is refused, the app's code lets in
  await page.goto('/oa/personal');
  await expect(page.getByTestId('two-factor-card')).toContainText('已启用');
  await shot(page, 'personal-card');
  await page.goto('/oa/dashboard');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await logout(page);
  await submitLogin(page, person.code, OWN_PASSWORD);
  const step = page.getByTestId('second-step');
  await expect(step).toBeVisible();
  await expect(page).toHaveURL(/\/oa\/login/);
  await step.getByRole('textbox', { name: '动态口令', exact: true }).fill(wrongCode(secret));
  await step.getByRole('button', { name: /验\s*证/ }).click();
  await expect(step.locator('.login-field-error')).toContainText('动态口令错误');
  await shot(page, 'second-step');
  // the enrolment took this step's code: the app's next code (one step of drift is accepted) signs in
  await step.getByRole('textbox', { name: '动态口令', exact: true }).fill(totpAt(secret, Date.now() + 30_000));
  await step.getByRole('button', { name: /验\s*证/ }).click();
  await expect(page).not.toHaveURL(/\/oa\/login/, { timeout: 45_000 });
  await page.context().close();
  await sec.context().close();
});
