import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { TOKEN_KEY } from '@oa/shared/constants';
import { DEMO_PASSWORD, E2E_SESSIONS_DIR } from './e2e-env';
import { DEMO_TOTP_SECRETS } from '@oa/shared/access/demo-two-factor';
import { signedHeaders } from './signed-api';
import { typeSecondStep } from './two-factor';
import { watchA11y } from './a11y-watch';

/**
 * Logs in and waits for the home tab, or opens `open` (a path under /oa/) as the first page. A demo account's session
 * is typed through the login page once per run and kept (Playwright storageState, E2E_SESSIONS_DIR); later logins ask
 * the server whether the kept session still holds (one signed API call, no page) and load it into the browser, so
 * the first page the browser renders is the one the spec needs. A kept session the server no longer accepts (logged
 * out, revoked) is typed again. Specs that test the login itself type it with `submitLogin`.
 */
export async function login(page: Page, user: string, password: string = DEMO_PASSWORD, { open }: { open?: string } = {}): Promise<void> {
  watchA11y(page); // every page a journey opens is checked by axe (support/a11y-watch.ts)
  const kept = password === DEMO_PASSWORD && (await resumeSession(page, user));
  if (!kept) {
    await submitLogin(page, user, password);
    await expect(page).toHaveURL(/\/oa\/dashboard$/, PATIENT);
    await expect(page.getByTestId('home-page')).toBeVisible(PATIENT);
    if (password === DEMO_PASSWORD) await keepSession(page, user);
    if (open) await page.goto(open);
    return;
  }
  await page.goto(open ?? 'dashboard');
  if (!open) {
    await expect(page.getByTestId('home-page')).toBeVisible(PATIENT);
    await expect(page).toHaveURL(/\/oa\/dashboard$/, PATIENT);
  }
}

/** `login` of a demo account whose first page is `open` (no stop at the home tab). */
export const loginAt = (page: Page, user: string, open: string) => login(page, user, DEMO_PASSWORD, { open });

/** A page of its own (a new browser context) logged in as `user`: for specs where several people act in turn. */
export async function openAs(browser: Browser, user: string, open?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, user, DEMO_PASSWORD, { open });
  return page;
}

/**
 * The file of `user`'s kept session (Playwright storageState) as the server still accepts it, for a context of another
 * profile (a phone's, support/phone.ts `phoneContext`) to start signed in: typed once, in a page of its own, when
 * there is none that holds.
 */
export async function sessionState(browser: Browser, user: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (!(await resumeSession(page, user))) await login(page, user);
  } finally {
    await context.close();
  }
  return sessionFile(user);
}

/** the machine running e2e is shared: the home page may take a while */
const PATIENT = { timeout: 45_000 };
const sessionFile = (user: string) => path.join(E2E_SESSIONS_DIR, `${user}.json`);

/** Loads the user's kept session into the page's context when the server still accepts it; false when none or refused. */
async function resumeSession(page: Page, user: string): Promise<boolean> {
  const file = sessionFile(user);
  const token = keptToken(file);
  if (!token || !(await sessionHolds(page, token))) {
    fs.rmSync(file, { force: true });
    return false;
  }
  await page.context().setStorageState(file);
  return true;
}

/** The login token a kept session file holds (none when there is no file). */
function keptToken(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  return state.origins.flatMap((o) => o.localStorage).find((e) => e.name === TOKEN_KEY)?.value;
}

/** The login token of `user`'s kept session that the server accepts (`sessionState`): what the app hands a web view. */
export async function sessionToken(browser: Browser, user: string): Promise<string> {
  return keptToken(await sessionState(browser, user)) ?? '';
}

/** Whether the server still takes `token`: the signed call the web client makes for the signed-in user's details. */
async function sessionHolds(page: Page, token: string): Promise<boolean> {
  const url = 'api/auth/base/system/user/info';
  const res = await page.request.get(url, { headers: await signedHeaders(page, url, page.request, token), failOnStatusCode: false });
  return res.ok() && ((await res.json()) as { code: number }).code === 0;
}

async function keepSession(page: Page, user: string): Promise<void> {
  fs.mkdirSync(E2E_SESSIONS_DIR, { recursive: true });
  const partial = `${sessionFile(user)}.${process.pid}`;
  await page.context().storageState({ path: partial });
  fs.renameSync(partial, sessionFile(user)); // whole, even with another worker reading
}

/** Drops the kept session holding `token` (a logout ended it). */
function forgetSession(token: string): void {
  if (!fs.existsSync(E2E_SESSIONS_DIR)) return;
  for (const name of fs.readdirSync(E2E_SESSIONS_DIR)) {
    const file = path.join(E2E_SESSIONS_DIR, name);
    if (fs.readFileSync(file, 'utf8').includes(token)) fs.rmSync(file, { force: true });
  }
}

/**
 * Fills and submits the login form (stays wherever the answer leads). A demo account enrolled in two factors
 * (`admin`) then types its authenticator code, as its person would, when the password is the demo one.
 */
export async function submitLogin(page: Page, user: string, password: string): Promise<void> {
  if (!/\/oa\/login/.test(page.url())) await page.goto('login');
  await page.getByLabel('账号', { exact: true }).fill(user);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: /登\s*录/ });
  // the previous attempt's answer may still be settling: a click on the loading button would send nothing
  await expect(submit).not.toHaveClass(/ant-btn-loading/);
  await submit.click();
  const secret = DEMO_TOTP_SECRETS[user];
  if (secret && password === DEMO_PASSWORD) await typeSecondStep(page, secret);
}

/**
 * Leaves the page signed in as nobody without ending the session (a spec that only hands over to the next person;
 * `logout` is the 退出 button itself): the context's storage is emptied, so the next `login` loads that person's kept
 * session, and the kept session left stays usable — a logout ends it, and the person's next login is typed again.
 */
export async function leave(page: Page): Promise<void> {
  await page.context().setStorageState({ cookies: [], origins: [] });
}

/** Logs out through the top bar and its confirm dialog. */
export async function logout(page: Page): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  await page.getByRole('button', { name: '退出' }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('温馨提示');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/oa\/login/);
  if (token) forgetSession(token);
}

/** The tab of a route path in the tabs bar. */
export const tab = (page: Page, path: string) => page.locator(`.oa-tabs .ant-tabs-tab[data-node-key="${path}"]`);
export const tabs = (page: Page) => page.locator('.oa-tabs .ant-tabs-tab');

/** A menu entry of the sidebar by its exact text. */
export const menuEntry = (page: Page, text: string) =>
  page.locator('.oa-sider .ant-menu-item, .oa-sider .ant-menu-submenu-title').filter({ hasText: new RegExp(`^${text}$`) });
