import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/a11y';
import { login, loginAt, logout, menuEntry, submitLogin, tab, tabs } from './support/session';

test.describe('application shell', () => {
  test('admin logs in, sees the menu, opens pages as tabs and uses the tab menu', async ({ page }) => {
    await login(page, 'admin');
    await expect(page).toHaveTitle('首页 - 协会办公平台');
    await expect(page.locator('.oa-footer')).toContainText('技术支持：信息中心');
    await expect(page.getByTestId('sidebar-logo')).toContainText('系统管理员');

    // The dynamic menu from the role's functions
    for (const folder of ['待办中心', '公文管理', '行政办公']) await expect(menuEntry(page, folder)).toBeVisible();
    await expect(tab(page, '/dashboard')).toBeVisible();

    // Five pages as tabs
    await menuEntry(page, '协同').click();
    await expect(page).toHaveURL(/\/cooperationIndex$/);
    await expect(tab(page, '/cooperationIndex')).toBeVisible(); // the page is shown, not only the address changed
    await menuEntry(page, '工作').click();
    await expect(page).toHaveURL(/\/workIndex$/);
    await expect(tab(page, '/workIndex')).toBeVisible();
    await menuEntry(page, '公文管理').click();
    await menuEntry(page, '收文管理').click();
    await expect(page).toHaveURL(/\/receipt$/);
    await expect(tab(page, '/receipt')).toBeVisible();
    await expect(page).toHaveTitle('收文管理 - 协会办公平台');
    await menuEntry(page, '发文管理').click();
    await expect(page).toHaveURL(/\/dispatch$/);
    await expect(tab(page, '/dispatch')).toBeVisible();
    await menuEntry(page, '行政办公').click();
    await menuEntry(page, '用印申请').click();
    await expect(page).toHaveURL(/\/stamp$/);
    await expect(tab(page, '/stamp')).toBeVisible();
    await expect(page).toHaveTitle('用印申请 - 协会办公平台');
    await expect(tabs(page)).toHaveCount(6);

    // In a narrow window the tabs that do not fit are under …, a mouse shortcut (the arrow keys reach every tab):
    // the tab list holds tabs only
    await page.setViewportSize({ width: 390, height: 844 });
    const more = page.locator('.oa-tabs .ant-tabs-nav-more');
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute('aria-hidden', 'true');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Cached tabs stay mounted (hidden) instead of re-mounting
    await expect(page.getByTestId('home-page')).toHaveCount(3);
    await tab(page, '/cooperationIndex').click();
    await expect(page).toHaveURL(/\/cooperationIndex$/);

    // Middle-click closes a tab
    await tab(page, '/workIndex').click({ button: 'middle' });
    await expect(tabs(page)).toHaveCount(5);

    // Affix tab: no close button, no 关闭 in its menu
    await expect(tab(page, '/dashboard').locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await tab(page, '/dashboard').click({ button: 'right' });
    const ctx = page.getByTestId('tab-context-menu');
    await expect(ctx.getByText('刷新')).toBeVisible();
    await expect(ctx.getByText('关闭', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(700, 500);

    // 关闭其他
    await tab(page, '/receipt').click({ button: 'right' });
    await page.getByTestId('tab-context-menu').getByText('关闭其他').click();
    await expect(tabs(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\/receipt$/);

    // 刷新 re-opens the page through /redirect
    await tab(page, '/receipt').click({ button: 'right' });
    await page.getByTestId('tab-context-menu').getByText('刷新').click();
    await expect(page).toHaveURL(/\/receipt$/);
    await expect(page).toHaveTitle('收文管理 - 协会办公平台');
    await expect(tab(page, '/receipt')).toHaveClass(/ant-tabs-tab-active/);

    // 关闭所有 keeps the affix tab and goes there
    await tab(page, '/receipt').click({ button: 'right' });
    await page.getByTestId('tab-context-menu').getByText('关闭所有').click();
    await expect(tabs(page)).toHaveCount(1);
    await expect(tab(page, '/dashboard')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('hidden pages route and highlight their menu entry; unknown paths go to /404', async ({ page }) => {
    await loginAt(page, 'admin', 'stampEdit');
    await expect(page).toHaveTitle('用印申请单 - 协会办公平台');
    await expect(tab(page, '/stampEdit')).toHaveClass(/ant-tabs-tab-active/);
    await expect(tab(page, '/dashboard')).toBeVisible();
    await expect(page.locator('.oa-sider .ant-menu-item-selected')).toHaveText('用印申请');

    await page.goto('no/such/page');
    await expect(page).toHaveURL(/\/oa\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在或已被移除。')).toBeVisible();
  });

  test('logout asks for confirmation, clears the session, and guarded pages go to login', async ({ page }) => {
    await login(page, 'admin');
    await page.getByRole('button', { name: '退出' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logout(page);
    expect(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userCode'))).toBeNull();
    await page.goto('workIndex');
    await expect(page).toHaveURL(/\/oa\/login\?redirect=%2FworkIndex$/);

    // Logging in again (with admin's second step) returns to the page asked for; a logged-in user opening /login goes to /
    await submitLogin(page, 'admin', 'Oa@123456');
    await expect(page).toHaveURL(/\/workIndex$/);
    await page.goto('login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the diagnostics page reports the server health and database', async ({ page }) => {
    await loginAt(page, 'admin', 'test');
    await expect(page.getByTestId('health-ok')).toBeVisible();
    await expect(page.getByText('SQLite')).toBeVisible();
  });
});
