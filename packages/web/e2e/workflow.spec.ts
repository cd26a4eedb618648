import { expect as baseExpect, test, type Page } from './support/fixtures';
import { login, loginAt } from './support/session';
import { OK, act, openTodo, pickOption, submitStamp } from './support/workflow-steps';

/**
 * Issue 5, end to end: an administrator designs the seal-use process with a condition (more than 10
 * copies also goes to the office director), publishes and simulates it; two staff of 行业发展部 submit
 * applications that take the two routes; the approvers act from their pending lists (one returns, the
 * applicant edits and resubmits); the applicant sees the finished timeline and prints the sheet.
 *
 * People: 李娜 (lina) and 吴晓东 (wuxiaodong) apply; 张伟 (zhangwei) leads their department; 王建国
 * (leader) is the office director.
 */

// Generous waits: the runs share a busy machine; every step waits on a server round trip.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = Date.now().toString(36).slice(-5);
const BIG = `合同盖章-${RUN}`;
const SMALL = `证明盖章-${RUN}`;

/** A node card of the diagram by its title. */
const node = (page: Page, title: string) => page.getByTestId('wf-node').filter({ has: page.locator('.wf-node-title', { hasText: title }) });

test('administrator designs, validates, publishes and simulates the seal-use process', async ({ page }) => {
  await loginAt(page, 'admin', 'workFlow');
  await page.getByTestId('wf-create').click();
  await pickOption(page, page.getByTestId('wf-create-module'), '用印申请');
  await page.locator('.ant-modal').getByRole('button', { name: OK }).click();
  await expect(page.getByTestId('workflow-edit-page')).toBeVisible();
  await page.getByTestId('wf-def-name').fill(`用印审批-${RUN}`);

  // 发起人 → 审批人 (department leader, the default) → a condition branch after it
  await expect(node(page, '审批人')).toContainText('发起人的部门负责人');
  await page.getByTestId('wf-add-btn').nth(1).click();
  await page.getByTestId('wf-add-exclusive').click();
  await expect(node(page, '条件1')).toBeVisible();
  await expect(node(page, '其他情况')).toBeVisible();

  // Validation before publishing: the branch without a condition is listed and outlined in red
  await page.getByTestId('wf-publish').click();
  await expect(page.getByTestId('wf-problems')).toContainText('分支「条件1」未设置条件');
  await expect(node(page, '条件1')).toHaveClass(/is-error/);

  // The condition: 用印份数 > 10
  await node(page, '条件1').click();
  const branchDrawer = page.locator('.ant-drawer').filter({ hasText: '设置条件' });
  await branchDrawer.getByTestId('wf-branch-name').fill('超过10份');
  await branchDrawer.getByTestId('wf-cond-add').hover();
  await page.locator('.ant-dropdown:visible').getByText('用印份数').click();
  await branchDrawer.locator('input[data-testid=wf-cond-value], [data-testid=wf-cond-value] input').first().fill('10');
  await branchDrawer.getByTestId('wf-branch-save').click();
  await expect(node(page, '超过10份')).toContainText('用印份数 大于 10');

  // In that branch: the office director (a named user)
  await page.locator('.wf-branch-col').first().getByTestId('wf-add-btn').first().click();
  await page.getByTestId('wf-add-approver').click();
  const nodeDrawer = page.locator('.ant-drawer').filter({ hasText: '设置审批人' });
  await nodeDrawer.getByTestId('wf-node-name').fill('办公室主任审批');
  await nodeDrawer.getByTestId('wf-assignee-kind').getByText('指定成员').click();
  await pickOption(page, nodeDrawer.getByTestId('wf-assignee-users'), '王建国');
  await nodeDrawer.getByTestId('wf-node-save').click();
  await expect(node(page, '办公室主任审批')).toContainText('王建国');

  // Publish
  await page.getByTestId('wf-publish').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(page.locator('.ant-message').getByText('流程已发布')).toBeVisible();
  await expect(page.getByTestId('workflow-edit-page').getByText('已发布')).toBeVisible();

  // Simulate both routes
  await page.getByRole('button', { name: /模\s*拟/ }).click();
  await expect(page.getByTestId('simulate-page')).toBeVisible();
  await pickOption(page, page.getByTestId('sim-initiator'), '李娜');
  const copies = page.locator('input[data-testid=sim-field-copies], [data-testid=sim-field-copies] input').first();
  await copies.fill('20');
  await page.getByTestId('sim-run').click();
  await expect(node(page, '办公室主任审批')).toHaveAttribute('data-mark', 'visited');
  await expect(node(page, '审批人')).toContainText('张伟');
  await expect(page.getByTestId('sim-steps')).toContainText('王建国');
  await copies.fill('3');
  await page.getByTestId('sim-run').click();
  await expect(node(page, '办公室主任审批')).toHaveAttribute('data-mark', 'skipped');
  await expect(node(page, '其他情况')).toHaveAttribute('data-mark', 'visited');
});

test('two staff submit applications that take the two routes', async ({ page }) => {
  await login(page, 'lina');
  await submitStamp(page, BIG, 20);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, 'wuxiaodong');
  await submitStamp(page, SMALL, 3);
});

test('the department leader approves one and returns the other', async ({ page }) => {
  await login(page, 'zhangwei');
  await expect(page.getByTestId('todo-widget')).toContainText(BIG);
  await openTodo(page, BIG);
  await act(page, '同意', '同意用印', '已同意');
  await openTodo(page, SMALL);
  await act(page, '退回', '请补充盖章文件说明', '已退回');
});

test('the applicant edits the returned application and resubmits; the leader approves it', async ({ page }) => {
  await loginAt(page, 'wuxiaodong', 'process?tab=mine');
  const row = page.getByTestId('pending-mine').locator('tbody tr').filter({ hasText: SMALL });
  await expect(row).toContainText('已退回');
  await row.getByText('查看').click();
  await page.getByRole('button', { name: '修改并重新提交' }).click();
  const form = page.getByTestId('module-edit-oa_stamp');
  await form.getByLabel('备注').fill('已补充盖章文件说明');
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.locator('.ant-message').getByText('提交成功')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, 'zhangwei');
  await openTodo(page, SMALL);
  await act(page, '同意', '同意', '已同意');
  await page.goto('process?tab=done');
  await expect(page.getByTestId('pending-done').locator('tbody tr').filter({ hasText: SMALL }).first()).toBeVisible();
});

test('the office director approves from the pending list; the applicant badge updates live', async ({ page, browser }) => {
  // The applicant keeps a page open: the unread badge must change without a reload (server-sent events)
  const applicant = await browser.newPage();
  await login(applicant, 'lina');
  const badge = applicant.getByTestId('notification-badge');
  await expect(badge).toHaveAttribute('data-count', /\d+/);
  const unread = async () => Number(await badge.getAttribute('data-count'));
  const before = await unread();

  await login(page, 'leader');
  await openTodo(page, BIG);
  await act(page, '同意', '同意，请按规定用印', '已同意');
  await page.goto('process?tab=todo');
  await expect(page.getByTestId('pending-todo').locator('tbody tr').filter({ hasText: BIG })).toHaveCount(0);

  await expect.poll(unread, { timeout: 20_000 }).toBeGreaterThan(before);
  await applicant.close();
});

test('the applicant sees the finished timeline, is notified and prints the sheet', async ({ page }) => {
  await login(page, 'lina');
  await expect(page.getByTestId('notification-badge')).not.toHaveAttribute('data-count', '0');
  await page.goto('message');
  await expect(page.getByTestId('message-item').first()).toBeVisible();

  await page.goto('process?tab=mine');
  const row = page.getByTestId('pending-mine').locator('tbody tr').filter({ hasText: BIG });
  await expect(row).toContainText('已通过');
  await row.getByText('查看').click();
  const timeline = page.getByTestId('approval-timeline');
  await expect(timeline).toContainText('张伟');
  await expect(timeline).toContainText('王建国');
  await expect(timeline).toContainText('同意，请按规定用印');

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page
    .getByTestId('record-actions')
    .getByRole('button', { name: /(^|\s)打\s*印$/ })
    .click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByTestId('print-sheet')).toContainText(BIG);
});
