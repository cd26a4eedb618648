import fs from 'node:fs';
import { expect, test, type Page } from './support/fixtures';
import { login, loginAt } from './support/session';
import { signedHeaders } from './support/signed-api';

// An account no other spec uses, given role 013 (通讯录查看) by the security administrator and taken out again.
const USER = 'dujuan';
const USER_NAME = '杜鹃';
const ROLE = '013';

const submenu = (page: Page, title: string) =>
  page.locator('.oa-sider .oa-menu-scroll .ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: title }) });

/** The role's row, found by its code as a person would among more than a page of roles (other specs add theirs). */
async function findRole(page: Page) {
  await page.getByPlaceholder('角色编码或名称').fill(ROLE);
  await page.getByPlaceholder('角色编码或名称').press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: '通讯录查看' });
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  return row;
}

test.describe('三员分立', () => {
  test.use({ actionTimeout: 15_000 });

  test('the security administrator grants a role; the system administrator has no such action', async ({ page, browser }) => {
    test.slow();
    await login(page, 'secadmin');
    const path = 'api/auth/industry/common/roleUser';
    await page.request.delete(path, { headers: await signedHeaders(page, path), data: { roleCode: ROLE, userCodes: [USER] } });

    await page.goto('role');
    const row = await findRole(page);
    await expect(row.getByRole('button', { name: '功能授权' })).toBeVisible();
    await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0); // role definitions are the system administrator's
    await expect(page.getByRole('button', { name: /新增角色/ })).toHaveCount(0);
    await row.getByRole('button', { name: '角色用户' }).click();
    const users = page.locator('.ant-drawer').filter({ hasText: '角色用户：通讯录查看' });
    await users.getByTestId('user-picker').click();
    await page.keyboard.type(USER);
    await page.locator('.ant-select-item-option').filter({ hasText: USER_NAME }).click();
    await users.getByRole('button', { name: /添\s*加/ }).click();
    await expect(users.locator('.ant-table-row').filter({ hasText: USER })).toBeVisible();

    // the system administrator sees the roles, defines them, and grants nothing
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAt(admin, 'admin', 'role');
    const adminRow = await findRole(admin);
    await expect(adminRow.getByRole('button', { name: '查看功能' })).toBeVisible();
    await expect(adminRow.getByRole('button', { name: '功能授权' })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: '编辑' })).toBeVisible();
    await adminRow.getByRole('button', { name: '角色用户' }).click();
    const adminUsers = admin.locator('.ant-drawer').filter({ hasText: '角色用户：通讯录查看' });
    await expect(adminUsers.locator('.ant-table-row').filter({ hasText: USER })).toBeVisible();
    await expect(adminUsers.getByTestId('user-picker')).toHaveCount(0);
    await expect(adminUsers.getByRole('button', { name: '移除' })).toHaveCount(0);
    await admin.screenshot({ path: test.info().outputPath('admin-role.png') });
    await adminContext.close();

    await users.locator('.ant-table-row').filter({ hasText: USER }).getByRole('button', { name: '移除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(users.locator('.ant-table-row').filter({ hasText: USER })).toHaveCount(0);
  });

  test("the auditor's menu holds only the audit pages; the self-check shows every control and exports a PDF", async ({ page }) => {
    test.slow();
    await login(page, 'auditor');
    const folders = page.locator('.oa-sider .oa-menu-scroll .ant-menu-submenu-title');
    await expect(folders).toHaveText([/^首页$/, /^待办中心$/, /^系统管理$/]);
    await submenu(page, '系统管理').locator('.ant-menu-submenu-title').click();
    await expect(submenu(page, '系统管理').locator('.ant-menu-item')).toHaveText(['等保自查', '安全审计']);
    await submenu(page, '系统管理').locator('.ant-menu-item', { hasText: '等保自查' }).click();
    await expect(page).toHaveURL(/\/oa\/compliance$/);

    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(13);
    for (const title of [
      '身份标识唯一与口令复杂度',
      '登录失败处理',
      '双因素鉴别',
      '三员分立',
      '审计记录保护',
      '鉴别信息清除',
      '重要数据存储保密性',
    ])
      await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(rows.filter({ hasText: '三员分立' }).getByText('达标', { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: '默认账户与默认口令' }).getByText('未达标', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('compliance.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 PDF/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^等保自查报告-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = test.info().outputPath('compliance.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // nothing else: a business page and an administrator's page are refused
    for (const api of ['api/auth/oa/user/list', 'api/auth/industry/common/rolesList', 'api/auth/oa/supervise/list'])
      expect((await page.request.get(api, { headers: await signedHeaders(page, api) })).status(), api).toBe(403);
  });
});

test.describe('三员分立: no business in the separated administrators’ shell', () => {
  for (const user of ['auditor', 'secadmin']) {
    test(`${user} sees no address book, search, business widget or banner`, async ({ page }) => {
      await login(page, user);
      // a fresh page load asks for nothing the account may not have (each refusal would be audited)
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(new URL(r.url()).pathname);
      });
      await page.goto('dashboard');
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page.locator('.oa-sider-extras')).toHaveCount(0);
      await expect(page.locator('.oa-sider').getByText('通讯录')).toHaveCount(0);
      await expect(page.locator('.oa-topbar-center')).toBeEmpty();
      await expect(page.locator('.oa-topbar-right input')).toHaveCount(0);
      // the widgets come in a render after the page's first (home-page.tsx): none once that is done
      await expect(page.getByTestId('home-widgets')).toHaveAttribute('data-widgets', 'shown');
      await expect(page.getByTestId('home-page').locator('.ant-row .ant-col')).toHaveCount(0);
      for (const title of ['我的工作统计', '我的待办', '消息通知', '最新资讯'])
        await expect(page.getByText(title, { exact: true })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      const path = 'api/auth/industry/common/addressBookList';
      const res = await page.request.get(path, { headers: await signedHeaders(page, path) });
      expect(res.status()).toBe(403);
      await page.screenshot({ path: test.info().outputPath(`${user}-dashboard.png`), fullPage: true });
    });
  }
});
