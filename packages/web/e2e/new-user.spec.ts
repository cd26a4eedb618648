import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from './support/fixtures';
import { E2E_RESULTS_DIR } from './support/e2e-env';
import { leave, menuEntry, submitLogin } from './support/session';
import { OK, act, openTodo, pickOption } from './support/workflow-steps';

/** A minimal PDF (the upload checks the content). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * What a new user met (issue 13): the session survives the network, each home tab has its purpose,
 * the approver chain shows before submitting, and the polish list — each as a person sees it.
 */

// the shared machine is busy: generous waits
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

async function login(page: Page, user: string): Promise<void> {
  await submitLogin(page, user, 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 60_000 });
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 60_000 });
}

const SHOTS = path.join(E2E_RESULTS_DIR, 'new-user-shots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** Fails the test on any uncaught page error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a network error never logs the user out: it retries, says 网络异常 and keeps the page', async ({ page }) => {
  await login(page, 'staff');
  await page.goto('workIndex');
  await expect(page.getByTestId('home-page')).toHaveAttribute('data-home-tab', 'work');

  // user info fails at the network level on a reload: the guard retries, then says so and stays
  let attempts = 0;
  await page.route('**/api/auth/base/system/userinfo/get', (r) => {
    attempts += 1;
    return r.abort('internetdisconnected');
  });
  await page.reload();
  const problem = page.getByTestId('guard-problem');
  await expect(problem).toContainText('网络异常');
  await expect(problem).toContainText('登录状态仍然有效');
  expect(attempts).toBeGreaterThanOrEqual(3);
  await expect(page).toHaveURL(/\/oa\/workIndex$/);
  expect(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeTruthy();
  await shot(page, 'network-error');

  // the network is back: 重试 loads the same page, no new login
  await page.unroute('**/api/auth/base/system/userinfo/get');
  await problem.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.getByTestId('home-page')).toHaveAttribute('data-home-tab', 'work');
  await expect(page).toHaveURL(/\/oa\/workIndex$/);

  // an ordinary call failing at the network level while working: a notice, the user stays
  await page.route('**/api/auth/oa/process/todo**', (r) => r.abort('internetdisconnected'));
  await page.goto('process');
  await expect(page.locator('.ant-message').getByText('网络异常，请检查网络后重试')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/oa\/process$/);
  expect(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOKEN'))).toBeTruthy();
  await page.unroute('**/api/auth/oa/process/todo**');
});

test('each home tab shows its own content; 首页 summarises my work with charts', async ({ page }) => {
  await login(page, 'staff');
  await expect(page.getByTestId('my-work-charts')).toBeVisible();
  await expect(page.getByTestId('todo-widget')).toBeVisible();
  await expect(page.getByTestId('notifications-widget')).toBeVisible();
  await shot(page, 'home-dashboard');

  const tabs: Array<[string, string, string[]]> = [
    ['workIndex', 'work', ['todo-widget', 'my-applications-widget', 'meetings-home-widget', 'supervise-home-widget']],
    ['cooperationIndex', 'cooperation', ['spaces-home-widget', 'documents-widget', 'cc-widget']],
    ['mandatoryIndex', 'mandatory', ['mandatory-link', 'home-empty-mandatory-items']],
    ['serviceIndex', 'service', ['service-link', 'home-empty-service-items']],
  ];
  const visit = async ([route, key, widgets]: [string, string, string[]]) => {
    await page.goto(route);
    const home = page.locator(`[data-home-tab="${key}"]`);
    await expect(home).toBeVisible();
    for (const w of widgets) await expect(home.getByTestId(w), `${route} ${w}`).toBeVisible();
    await expect(home.getByTestId('my-work-charts')).toHaveCount(0);
    await shot(page, `home-${key}`);
  };
  for (const tab of tabs.slice(0, 2)) await visit(tab);
  // staff have neither platform: the 受托 and 服务 tabs, which would hold nothing, are not in their menu (issue 32)
  await expect(menuEntry(page, '受托')).toHaveCount(0);
  await expect(menuEntry(page, '服务')).toHaveCount(0);
  await leave(page);
  await login(page, 'leader');
  for (const tab of tabs.slice(2)) await visit(tab);
  await expect(page.locator('[data-home-tab="service"]').getByTestId('home-empty-service-items')).toContainText('行业服务门户对接后');
});

test('the approver chain shows on the form before submitting and follows the amount', async ({ page }) => {
  await login(page, 'staff');
  await page.goto('contract/edit');
  const form = page.getByTestId('module-edit-oa_contract');
  const chain = form.getByTestId('approver-chain');
  await expect(chain.getByTestId('approver-chain-step').first()).toBeVisible();
  await expect(chain).toContainText('部门负责人审批');
  await expect(chain).toContainText('王建国');
  await expect(chain).not.toContainText('办公室主任审批');
  await form.getByLabel('合同金额').fill('80000');
  await expect(chain).toContainText('办公室主任审批');
  await chain.scrollIntoViewIfNeeded();
  await shot(page, 'approver-chain');
  await chain.screenshot({ path: path.join(SHOTS, 'approver-chain-card.png') });
  await form.getByLabel('合同金额').fill('1000');
  await expect(chain).not.toContainText('办公室主任审批');
});

test('rejecting: an empty opinion is a field message, and the timeline ends red 已驳回', async ({ page }) => {
  const errors = watchErrors(page);
  await login(page, 'staff');
  await page.goto('stampEdit');
  const form = page.getByTestId('module-edit-oa_stamp');
  await expect(form).toBeVisible({ timeout: 90_000 });
  await form.getByLabel('用印事由').fill('新用户驳回测试');
  await pickOption(page, form.getByLabel('印章类型'), '公章');
  await form.getByLabel('用印份数').fill('2');
  await form.locator('input[type=file]').first().setInputFiles({ name: 'seal-request.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('.ant-upload-list-item').filter({ hasText: 'seal-request.pdf' })).toBeVisible();
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.locator('.ant-message').getByText('提交成功')).toBeVisible();
  await leave(page);
  await login(page, 'leader');
  await openTodo(page, '新用户驳回测试');
  await page
    .getByTestId('record-actions')
    .getByRole('button', { name: /^驳\s*回$/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('请填写驳回意见')).toBeVisible();
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await act(page, '驳回', '材料不全，请补充后再提交', '已驳回');
  const timeline = page.getByTestId('approval-timeline');
  await expect(timeline.locator('.ant-tag-red').filter({ hasText: '已驳回' }).last()).toBeVisible();
  await expect(timeline.getByText('审批结束')).toHaveCount(0);
  await shot(page, 'rejected-timeline');
  // the task the leader handled shows in the charts of 首页
  await page.goto('dashboard');
  await expect(page.getByTestId('my-work-charts').getByTestId('echart').first()).toBeVisible();
  await shot(page, 'home-dashboard-charts');
  expect(errors).toEqual([]);
});

test('the polish list: one menu group open, previews without id, cards, month filter, process search', async ({ page }) => {
  const errors = watchErrors(page);
  await login(page, 'admin');

  // only one sidebar group open at a time
  await menuEntry(page, '行政办公').click();
  await expect(page.locator('.oa-sider .ant-menu-submenu-open')).toHaveCount(1);
  await menuEntry(page, '人事管理').click();
  await expect(page.locator('.oa-sider .ant-menu-submenu-open')).toHaveCount(1);
  await expect(page.locator('.oa-sider .ant-menu-submenu-open')).toContainText('人事管理');
  await shot(page, 'sidebar-accordion');

  // the member platform entry: not configured here, and said so
  await menuEntry(page, '平台入口').click();
  await menuEntry(page, '会员管理').click();
  await expect(page.locator('.ant-message').getByText(/暂未配置会员管理平台地址/)).toBeVisible();
  expect(new URL(page.url()).pathname).not.toMatch(/404|member/);

  // a preview opened without an id says so and offers a way back
  await page.goto('stampPreview');
  const missing = page.getByTestId('preview-missing-id');
  await expect(missing).toContainText('缺少记录编号');
  await missing.getByRole('button', { name: /返回用印申请列表/ }).click();
  await expect(page).toHaveURL(/\/oa\/stamp$/);

  // /TelManage: 账单月份 is a month picker
  await page.goto('TelManage');
  const monthFilter = page
    .locator('.oa-module-filters')
    .locator('.ant-picker')
    .filter({ has: page.locator('input[placeholder="开始月份"]') });
  await expect(monthFilter).toBeVisible();
  await monthFilter.locator('input[placeholder="开始月份"]').click();
  await expect(page.locator('.ant-picker-dropdown:visible .ant-picker-month-panel').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'tel-month-filter');

  // /workFlow: search over processes
  await page.goto('workFlow');
  const rows = page.getByTestId('workflow-list-page').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('wf-search').locator('input').fill('请假');
  await page.getByTestId('wf-search').locator('input').press('Enter');
  // the filtered answer replaces the whole list: wait for it, not for the rows still shown from before
  await expect(rows.filter({ hasNotText: '请假' })).toHaveCount(0);
  await expect(rows).not.toHaveCount(0);
  await shot(page, 'workflow-search');

  // the address book: with no keyword every department shows, the empty top-level one too
  await page.goto('dashboard');
  await page.locator('.oa-sider').getByText('通讯录').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '办公通讯录' });
  await expect(drawer.getByTestId('ab-dept-D00')).toBeVisible();
  // another person's card is titled with their name
  await drawer.getByTestId('ab-dept-D01').click();
  await drawer.getByTestId('ab-card-leader').click();
  const card = page.locator('.ant-modal').filter({ hasText: '的名片' });
  await expect(card.locator('.ant-modal-title')).toHaveText('王建国的名片');
  await shot(page, 'business-card');
  expect(errors).toEqual([]);
});

test("the outside applicant (platform 19 only) lands on the applicants' area, not a blank page", async ({ page }) => {
  await submitLogin(page, 'applicant', 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/foundationForWeb\/index$/, { timeout: 60_000 });
  await expect(page.getByTestId('fweb-index')).toBeVisible();
  await expect(page.getByTestId('guard-problem')).toHaveCount(0);
  await shot(page, 'applicant');
});
