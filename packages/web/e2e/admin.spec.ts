import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { login } from './support/session';
import { signedHeaders } from './support/signed-api';

// A dedicated seeded user without roles, so these grants never disturb other specs' accounts.
const USER = 'yeqing';
const USER_NAME = '叶青';
const ROLE = 'e2e_publisher';

const submenuTitles = (page: Page) => page.locator('.oa-sider .oa-menu-scroll .ant-menu-submenu-title');
const submenu = (page: Page, title: string) =>
  page.locator('.oa-sider .oa-menu-scroll .ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: title }) });

/**
 * What an earlier, failed try left (the role and its grant), removed through the API: the grant by the security
 * administrator, the role by the system administrator (三员分立).
 */
async function removeLeftovers(admin: Page, sec: Page): Promise<void> {
  for (const [page, path, data] of [
    [sec, 'api/auth/industry/common/roleUser', { roleCode: ROLE, userCodes: [USER] }],
    [admin, 'api/auth/industry/common/roles', { roleCode: ROLE }],
  ] as const)
    await page.request.delete(path, { headers: await signedHeaders(page, path), data });
}

/** OK in the confirm dialog (spec §8: 温馨提示). */
const confirm = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

/** A signed API call with the token the page holds (like the web client). */
async function apiStatus(request: APIRequestContext, page: Page, path: string): Promise<number> {
  const relative = path.replace(/^\//, '');
  const res = await request.get(relative, { headers: await signedHeaders(page, relative, request) });
  return res.status();
}

test.describe('role authorisation', () => {
  test("a new role with two functions shows in a logged-in user's menu on the next navigation; the API refuses the rest", async ({
    page,
    browser,
  }) => {
    test.slow(); // three browsers and a dozen steps: more than the default minute on a busy machine
    await login(page, 'admin');
    // grants are the security administrator's (三员分立), in a browser of their own
    const secContext = await browser.newContext();
    const sec = await secContext.newPage();
    await login(sec, 'secadmin');
    await removeLeftovers(page, sec);
    // The user is already logged in, in a browser of their own.
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    // the app asks for the menu version at most once in 4 s (src/state/menu-version.ts): when it last asked
    let menuAsked = 0;
    userPage.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/system/menuVersion')) menuAsked = Date.now();
    });
    await login(userPage, USER);
    const before = await submenuTitles(userPage).allInnerTexts();
    expect(before).not.toContain('系统管理');

    // The administrator creates the role…
    await page.goto('role');
    await page.getByRole('button', { name: /新增角色/ }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增角色' });
    await form.getByLabel('角色编码').fill(ROLE);
    await form.getByLabel('角色名称').fill('信息发布管理员');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: ROLE });
    await expect(row).toBeVisible();

    // …which the system administrator cannot grant: no 功能授权 for them…
    await expect(row.getByRole('button', { name: '功能授权' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '查看功能' })).toBeVisible();

    // …the security administrator grants it two functions through the checkable tree…
    await sec.goto('role');
    const secRow = sec.locator('.ant-table-row').filter({ hasText: ROLE });
    await expect(secRow.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await secRow.getByRole('button', { name: '功能授权' }).click();
    const funs = sec.locator('.ant-drawer').filter({ hasText: '功能授权：信息发布管理员' });
    for (const [name, code] of [
      ['功能管理', 'sys_function'],
      ['数据备份', 'sys_backup'],
    ]) {
      await funs.getByPlaceholder('按名称或编码筛选').fill(name);
      await funs.getByPlaceholder('按名称或编码筛选').press('Enter');
      await funs
        .locator('.ant-tree-treenode')
        .filter({ has: sec.getByTestId(`fun-${code}`) })
        .locator('.ant-tree-checkbox')
        .click();
    }
    await funs.getByRole('button', { name: /保\s*存/ }).click();
    await expect(sec.locator('.ant-message')).toContainText('功能授权已保存');
    await expect(secRow.locator('td').nth(4)).toHaveText('3'); // the two pages and their folder

    // …and gives it to the user.
    await secRow.getByRole('button', { name: '角色用户' }).click();
    const users = sec.locator('.ant-drawer').filter({ hasText: '角色用户：信息发布管理员' });
    await users.getByTestId('user-picker').click();
    await sec.keyboard.type('yeqing');
    await sec.locator('.ant-select-item-option').filter({ hasText: USER_NAME }).click();
    await users.getByRole('button', { name: /添\s*加/ }).click();
    await expect(users.locator('.ant-table-row').filter({ hasText: USER })).toBeVisible();

    // The user's next navigation (no re-login, no reload) rebuilds the menu with exactly those entries.
    // (what is left of the 4 s since its last ask: the grants above usually took longer; then the click asks again)
    await userPage.waitForTimeout(Math.max(0, menuAsked + 4_300 - Date.now()));
    const asked = userPage.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/system/menuVersion'));
    await userPage.getByTestId('sidebar-logo').click();
    await asked;
    await expect(userPage).toHaveURL(/\/oa\/personal$/);
    await expect(submenuTitles(userPage)).toHaveText([...before, '系统管理'].map((t) => new RegExp(`^${t}$`)));
    await submenu(userPage, '系统管理').locator('.ant-menu-submenu-title').click();
    await expect(submenu(userPage, '系统管理').locator('.ant-menu-item')).toHaveText(['功能管理', '数据备份']);
    await submenu(userPage, '系统管理').locator('.ant-menu-item', { hasText: '数据备份' }).click();
    await expect(userPage).toHaveURL(/\/oa\/backups$/);
    await expect(userPage.getByText('定时备份', { exact: true })).toBeVisible();

    // The server grants what the menu shows and refuses the rest.
    expect(await apiStatus(userContext.request, userPage, '/api/auth/oa/function/list')).toBe(200);
    expect(await apiStatus(userContext.request, userPage, '/api/auth/oa/user/list')).toBe(403);
    expect(await apiStatus(userContext.request, userPage, '/api/auth/industry/common/rolesList')).toBe(403);
    await userContext.close();

    // A role in use cannot be deleted.
    await users.locator('.ant-drawer-close').click();
    await row.getByRole('button', { name: '删除' }).click();
    await confirm(page);
    await expect(page.locator('.ant-message')).toContainText('正在被 1 个用户');

    // Once the security administrator takes its user out of it, it can.
    await secRow.getByRole('button', { name: '角色用户' }).click();
    await users.locator('.ant-table-row').filter({ hasText: USER }).getByRole('button', { name: '移除' }).click();
    await confirm(sec);
    await expect(users.locator('.ant-table-row').filter({ hasText: USER })).toHaveCount(0);
    await secContext.close();
    await row.getByRole('button', { name: '删除' }).click();
    await confirm(page);
    await expect(page.locator('.ant-message')).toContainText('角色已删除');
    await expect(row).toHaveCount(0);
  });
});
