import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './e2e-env';

/** Logs in through the login page and waits for the home tab. */
export async function login(page: Page, user: string, password: string = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, user, password);
  await expect(page).toHaveURL(/\/oa\/dashboard$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
}

/** Fills and submits the login form (stays wherever the answer leads). */
export async function submitLogin(page: Page, user: string, password: string): Promise<void> {
  if (!/\/oa\/login/.test(page.url())) await page.goto('login');
  await page.getByLabel('账号', { exact: true }).fill(user);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs out through the top bar and its confirm dialog. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出' }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('温馨提示');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/oa\/login/);
}

/** The tab of a route path in the tabs bar. */
export const tab = (page: Page, path: string) => page.locator(`.oa-tabs .ant-tabs-tab[data-node-key="${path}"]`);
export const tabs = (page: Page) => page.locator('.oa-tabs .ant-tabs-tab');

/** A menu entry of the sidebar by its exact text. */
export const menuEntry = (page: Page, text: string) =>
  page.locator('.oa-sider .ant-menu-item, .oa-sider .ant-menu-submenu-title').filter({ hasText: new RegExp(`^${text}$`) });
