import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from './support/fixtures';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { newSigningKey, startOidcProvider, type RunningOidcProvider } from '@oa/shared/test/oidc-provider-kit';
import { E2E_OIDC, E2E_PORT, E2E_RESULTS_DIR } from './support/e2e-env';
import { login, openAs } from './support/session';
import { signedHeaders } from './support/signed-api';
import { totpAt } from './support/two-factor';

/**
 * Issue 36: a person signs in through the association's OpenID provider (a real `oidc-provider`, started here on the
 * port the e2e server is configured for). The account is this try's own (made by the administrator through the API),
 * so no demo account changes. They open a deep link, are sent to the login page, press 「使用统一身份认证登录」, sign in
 * and consent at the provider, and land on the page they were going to as themselves; logging out ends the provider's
 * session too and returns to the login page. An account that must use two factors gets the login page's second step
 * after the provider (binding an authenticator at its first sign-in), never a session without its code.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = path.join(E2E_RESULTS_DIR, 'sso-shots');
const APP = `http://127.0.0.1:${E2E_PORT}`;
let op: RunningOidcProvider | undefined;

/** One signing key per run: the e2e server keeps the provider's keys it fetched, also across a retry's new provider. */
async function runSigningKey() {
  const file = path.join(E2E_RESULTS_DIR, 'sso-oidc-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Awaited<ReturnType<typeof newSigningKey>>;
  const key = await newSigningKey();
  fs.writeFileSync(file, JSON.stringify(key));
  return key;
}

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  op = await startOidcProvider({
    port: E2E_OIDC.port,
    signingKey: await runSigningKey(),
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: [`${APP}/oa/api/base/sso/oidc/callback`],
        post_logout_redirect_uris: [`${APP}/oa/login`],
      },
    ],
    people: [],
  });
});

test.afterAll(async () => {
  await op?.stop();
});

/** This try's account, made by the administrator (a retry makes another). */
async function newAccount(page: Page, userCode: string, userName: string): Promise<void> {
  await login(page, 'admin');
  const p = 'api/auth/oa/user/insert';
  const body = { userCode, userName, deptCode: 'D01', platforms: ['1'], password: hashPassword(`Sso@${Date.now()}`) };
  const res = await page.request.post(p, { headers: await signedHeaders(page, p), data: body });
  expect((await res.json()).code, 'the administrator creates the account').toBe(0);
}

/** Logs out of AssocOA, which sends the browser to the provider's logout; confirmed there, back at the login page. */
async function signOutAtBoth(me: Page): Promise<void> {
  await me.getByRole('button', { name: '退出' }).click();
  await me
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(me).toHaveURL(new RegExp(`^${op!.issuer}/session/end`));
  await me.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(me).toHaveURL(/\/oa\/login$/);
}

test('a person signs in through the OpenID provider, lands on the deep link as themselves, and logs out at both', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const userCode = `sso_e2e_${stamp}`;
  const userName = `单点${stamp.slice(-4)}`;
  await newAccount(page, userCode, userName);
  op!.people.set(`idp-${stamp}`, { login: `idp-${stamp}`, preferred_username: userCode, name: userName });

  const context = await browser.newContext({ baseURL: `${APP}/oa/`, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const me = await context.newPage();
  me.setDefaultTimeout(20_000);
  try {
    await me.goto('message');
    await expect(me).toHaveURL(/\/oa\/login\?redirect=%2Fmessage/);
    const button = me.getByTestId('sso-button');
    await expect(button).toHaveText(/使用统一身份认证登录/);
    await me.screenshot({ path: path.join(SHOTS, 'login-with-sso.png') });

    await button.click();
    await expect(me).toHaveURL(new RegExp(`^${op!.issuer}/interaction/`));
    await me.locator('input[name="login"]').fill(`idp-${stamp}`);
    await me.locator('input[name="password"]').fill('any-password');
    await me.getByRole('button', { name: 'Sign-in' }).click();
    await me.getByRole('button', { name: 'Continue' }).click(); // consent

    await expect(me).toHaveURL(/\/oa\/message$/);
    await expect(me.getByTestId('topbar-user')).toHaveText(userName);
    await me.screenshot({ path: path.join(SHOTS, 'landed.png') });

    await signOutAtBoth(me);
    expect(await me.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();

    // the provider's session is over too: signing in again asks for the login name
    await me.getByTestId('sso-button').click();
    await expect(me.locator('input[name="login"]')).toBeVisible();
  } finally {
    await context.close();
  }
});

/** A signed API call of the page's session (the administrators' setup). */
async function call(page: Page, p: string, data: unknown): Promise<{ code: number; message: string }> {
  const res = await page.request.post(p, { headers: await signedHeaders(page, p), data });
  return (await res.json()) as { code: number; message: string };
}

/** Signs in at the test provider as `login` (its consent page only when it asks again), back to AssocOA's login page. */
async function atProvider(me: Page, login: string): Promise<void> {
  await me.getByTestId('sso-button').click();
  await expect(me).toHaveURL(new RegExp(`^${op!.issuer}/interaction/`));
  await me.locator('input[name="login"]').fill(login);
  await me.locator('input[name="password"]').fill('any-password');
  await me.getByRole('button', { name: 'Sign-in' }).click();
  const consent = me.getByRole('button', { name: 'Continue' });
  await expect(consent.or(me.locator('.login-screen'))).toBeVisible(); // AssocOA's login page (the provider has a .login-card too)
  if (await consent.isVisible()) await consent.click();
}

test('an account that must use two factors signs in through the provider only with its authenticator code', async ({ browser }) => {
  const stamp = `${Date.now().toString(36)}${test.info().retry}`;
  const userCode = `sso_tf_${stamp}`;
  const userName = `主管${stamp.slice(-4)}`;
  const role = { roleCode: `ssotf${stamp}`, roleName: `单点双因素角色${stamp}` };
  // the system administrator makes the account and a role; the security administrator (三员分立) gives the account the
  // role and requires two factors of it, as of an administrator
  const admin = await openAs(browser, 'admin');
  await newAccount(admin, userCode, userName);
  expect(await call(admin, 'api/auth/industry/common/roles', { ...role, remark: '' })).toMatchObject({ code: 0 });
  await admin.context().close();
  const sec = await openAs(browser, 'secadmin');
  expect(await call(sec, 'api/auth/industry/common/roleUser', { roleCode: role.roleCode, userCodes: [userCode] })).toMatchObject({
    code: 0,
  });
  expect(await call(sec, 'api/auth/oa/twoFactor/policy/save', { roleCode: role.roleCode, required: true })).toMatchObject({ code: 0 });
  await sec.context().close();
  op!.people.set(`idp-tf-${stamp}`, { login: `idp-tf-${stamp}`, preferred_username: userCode, name: userName });

  const context = await browser.newContext({ baseURL: `${APP}/oa/`, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const me = await context.newPage();
  me.setDefaultTimeout(20_000);
  try {
    // first sign-in: the provider's word is not enough — the account binds an authenticator before any session
    await me.goto('message');
    await atProvider(me, `idp-tf-${stamp}`);
    const enrol = me.getByTestId('enrol-at-login');
    await expect(enrol).toBeVisible();
    await expect(me.getByText(`您的角色（${role.roleName}）要求启用双因素认证`)).toBeVisible();
    await expect(me.locator('.login-card-sub')).toHaveText('已通过统一身份认证');
    expect(await me.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();
    await expect(enrol.getByAltText('验证器二维码')).toBeVisible();
    await me.screenshot({ path: path.join(SHOTS, 'sso-enrol.png') });
    const secret = ((await enrol.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await enrol.getByRole('textbox', { name: '动态口令', exact: true }).fill(totpAt(secret));
    await enrol.getByRole('button', { name: '绑定并登录' }).click();
    await expect(me.getByTestId('recovery-codes')).toContainText('恢复码只显示这一次');
    await me.getByRole('button', { name: '我已保存，进入系统' }).click();
    await expect(me).toHaveURL(/\/oa\/message$/);
    await expect(me.getByTestId('topbar-user')).toHaveText(userName);

    // signed out at both, then in again through the provider: the code is asked, a wrong one refused
    await signOutAtBoth(me);
    await me.goto('personal');
    await atProvider(me, `idp-tf-${stamp}`);
    const step = me.getByTestId('second-step');
    await expect(step).toBeVisible();
    await expect(me.getByRole('heading', { name: '双因素认证' })).toBeVisible();
    expect(await me.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();
    const near = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, Date.now() + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
    await step.getByRole('textbox', { name: '动态口令', exact: true }).fill(wrong);
    await step.getByRole('button', { name: /验\s*证/ }).click();
    await expect(step.locator('.login-field-error')).toContainText('动态口令错误');
    await me.screenshot({ path: path.join(SHOTS, 'sso-second-step.png') });
    // the enrolment took this step's code: the app's next one (one step of drift is accepted) signs in
    await step.getByRole('textbox', { name: '动态口令', exact: true }).fill(totpAt(secret, Date.now() + 30_000));
    await step.getByRole('button', { name: /验\s*证/ }).click();
    await expect(me).toHaveURL(/\/oa\/personal$/);
    await expect(me.getByTestId('topbar-user')).toHaveText(userName);
  } finally {
    await context.close();
  }
});

test('an account the provider cannot match is told so on the login page', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  op!.people.set(`stranger-${stamp}`, { login: `stranger-${stamp}`, preferred_username: `nobody_${stamp}` });
  const context = await browser.newContext({ baseURL: `${APP}/oa/`, locale: 'zh-CN' });
  const me = await context.newPage();
  me.setDefaultTimeout(20_000);
  try {
    await me.goto('login');
    await me.getByTestId('sso-button').click();
    await me.locator('input[name="login"]').fill(`stranger-${stamp}`);
    await me.locator('input[name="password"]').fill('any-password');
    await me.getByRole('button', { name: 'Sign-in' }).click();
    await me.getByRole('button', { name: 'Continue' }).click();
    await expect(me).toHaveURL(/\/oa\/login\?ssoError=unmatched/);
    await expect(me.getByTestId('sso-problem')).toHaveText('未找到与统一身份认证账号对应的本系统账号，请联系管理员开通');
    await me.screenshot({ path: path.join(SHOTS, 'unmatched.png') });
  } finally {
    await context.close();
  }
});
