import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from './support/fixtures';
import { E2E_RESULTS_DIR } from './support/e2e-env';
import { openAs } from './support/session';
import { api } from './support/signed-api';
import { OK } from './support/workflow-steps';

/**
 * Workflow for a whole office (issue 38): a return "straight back to me" brings the corrected application back to
 * the step that returned it, and an approver approves three applications of one process and step at once.
 *
 * Process: 护照借用 (oa_passport), which no other spec runs: the applicant's department leader (王建国 for 刘小雨 of
 * 办公室), then 国际合作部审批 (唐国华). Every application carries this try's tag, so a retry finds only its own.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
// normally well under a minute each; the budget is for a shared machine under load (each step waits on the server)
test.describe.configure({ timeout: 240_000 });
// a step that cannot happen fails within half a minute, naming the step, instead of waiting out the test
test.use({ actionTimeout: 30_000, navigationTimeout: 45_000 });

const MODULE = 'oa_passport';
const LEADER_STEP = '部门负责人审批';
const FOREIGN = { code: 'tangguohua', step: '国际合作部审批' };

const SHOTS = path.join(E2E_RESULTS_DIR, 'workflow-office-shots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const done = (page: Page) => page.context().close();

/** Staff apply to take out a passport; the holder's name (unique per try) makes the title. */
async function applyForPassport(staff: Page, holderName: string): Promise<void> {
  const out = await api(staff, 'POST', `api/auth/oa/records/${MODULE}/submit`, {
    data: {
      holderName,
      passportKind: '因公普通护照',
      passportNo: 'PE1234567',
      lendRange: ['2027-04-05', '2027-04-20'],
      contactPhone: '13579704883',
      purpose: '赴德国考察',
    },
  });
  expect(out, out.message).toMatchObject({ code: 0 });
}

/** Titles of the caller's 待办 matching a keyword. */
async function todoTitles(page: Page, keyword: string): Promise<string[]> {
  const out = await api(page, 'GET', `api/auth/oa/process/todo?keyword=${encodeURIComponent(keyword)}`);
  return (out.data.list as Array<{ title: string }>).map((t) => t.title);
}

/** Approves the caller's one open task on an application (by its unique text) through the API. */
async function approveByApi(page: Page, text: string, comment: string): Promise<void> {
  const todo = await api(page, 'GET', `api/auth/oa/process/todo?keyword=${encodeURIComponent(text)}`);
  expect(todo.data.list).toHaveLength(1);
  const out = await api(page, 'POST', 'api/auth/oa/process/approve', { taskId: todo.data.list[0].taskId, comment });
  expect(out, out.message).toMatchObject({ code: 0 });
}

/** Confirms an approval dialog and waits until the server has answered (the dialog closes, the message shows). */
async function confirmDialog(page: Page, dialog: ReturnType<Page['locator']>, done: string): Promise<void> {
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.locator('.ant-message').getByText(done)).toBeVisible();
}

/** Opens a 待办 row (the record's preview) by its text. */
async function openTodo(page: Page, text: string): Promise<void> {
  await page.goto('process?tab=todo');
  const row = page.getByTestId('pending-todo').locator('tbody tr').filter({ hasText: text });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId(`module-preview-${MODULE}`)).toBeVisible();
}

test('a return “straight back to me”: the corrected application comes back to the returning step', async ({ browser }) => {
  const holder = `退回测试${Date.now().toString(36)}`;
  const staff = await openAs(browser, 'staff');
  await applyForPassport(staff, holder);

  // the department leader approves; 国际合作部 returns it to the applicant, to come straight back
  const leader = await openAs(browser, 'leader');
  await approveByApi(leader, holder, '同意借用');
  const foreign = await openAs(browser, FOREIGN.code);
  await openTodo(foreign, holder);
  await foreign
    .getByTestId('record-actions')
    .getByRole('button', { name: /^退\s*回$/ })
    .click();
  const dialog = foreign.locator('.ant-modal').filter({ hasText: '审批意见' });
  await expect(dialog.getByText(/发起人（刘小雨）/)).toBeVisible();
  await dialog.getByTestId('return-to-me').check();
  await dialog.getByLabel('审批意见').fill('请补充出访批件编号');
  await shot(foreign, 'return-dialog');
  await confirmDialog(foreign, dialog, '已退回');

  // the applicant corrects and resubmits, from 我的申请 (the record opens in the module's drawer)
  await staff.goto('process?tab=mine');
  const mine = staff.getByTestId('pending-mine').locator('tbody tr').filter({ hasText: holder });
  await expect(mine).toContainText('已退回');
  await mine.getByText('查看').click();
  const detail = staff.locator('.ant-drawer').filter({ hasText: '护照借用详情' });
  await expect(detail.getByText('（重新提交后直接送回「国际合作部审批」）', { exact: false })).toBeVisible();
  await shot(staff, 'returned');
  await detail.getByRole('button', { name: '修改并重新提交' }).click();
  const form = staff.getByTestId(`module-edit-${MODULE}`);
  await form.getByLabel('关联出国(境)申请编号').fill('CG20270001');
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(staff.locator('.ant-message').getByText('提交成功')).toBeVisible();
  await done(staff);

  // it lands in 国际合作部's 待办, not the leader's, and the trail says why
  expect(await todoTitles(leader, holder)).toEqual([]);
  await done(leader);
  await openTodo(foreign, holder);
  const trail = foreign.getByTestId(`module-preview-${MODULE}`);
  await expect(trail.getByText(`直接送回退回节点「${FOREIGN.step}」，此前的审批保留`)).toBeVisible();
  await expect(trail.getByText('CG20270001')).toBeVisible();
  await shot(foreign, 'returned-to-me');
  await approveByApi(foreign, holder, '同意');
  expect(await todoTitles(foreign, holder)).toEqual([]);
  await done(foreign);
});

/** The published 护照借用 process allows batch approval at the department leader's step (published once). */
async function allowBatchAtLeaderStep(admin: Page): Promise<void> {
  const list = await api(admin, 'GET', `api/auth/oa/workflow/definitions?moduleCode=${MODULE}&status=published&pageNumber=1&pageSize=10`);
  const id = list.data.list[0].id as string;
  const detail = await api(admin, 'GET', `api/auth/oa/workflow/definition?id=${id}`);
  const definition = detail.data.definition;
  const step = definition.root.childNode;
  expect(step.name).toBe(LEADER_STEP);
  if (step.settings.allowBatch) return;
  step.settings.allowBatch = true;
  const draft = await api(admin, 'POST', 'api/auth/oa/workflow/saveDraft', { definition });
  expect(draft, draft.message).toMatchObject({ code: 0 });
  const published = await api(admin, 'POST', 'api/auth/oa/workflow/publish', { id: draft.data.id });
  expect(published, published.message).toMatchObject({ code: 0 });
}

test('batch approval: the leader approves three applications of one step with one opinion', async ({ browser }) => {
  const admin = await openAs(browser, 'admin');
  await allowBatchAtLeaderStep(admin);
  await done(admin);

  const tag = `批量${Date.now().toString(36)}`;
  const holders = [1, 2, 3].map((i) => `${tag}-${i}`);
  const staff = await openAs(browser, 'staff');
  for (const h of holders) await applyForPassport(staff, h);
  await done(staff);

  const leader = await openAs(browser, 'leader');
  const titles = await todoTitles(leader, tag);
  expect(titles).toHaveLength(3);
  await leader.goto('process?tab=todo');
  await leader.getByTestId('batch-open').click();
  const modal = leader.locator('.ant-modal').filter({ hasText: '批量审批' });
  const group = modal.getByRole('combobox', { name: '流程和节点' });
  await group.click();
  await leader
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `护照借用 · ${LEADER_STEP}` })
    .click();
  for (const t of titles) await modal.getByRole('checkbox', { name: `选择 ${t}` }).check();
  const opinion = `同意，三份一并办理 ${tag}`;
  await modal.getByTestId('batch-comment').fill(opinion);
  await shot(leader, 'batch-dialog');
  await modal.getByRole('button', { name: /同意所选（3）/ }).click();
  await expect(leader.locator('.ant-message').getByText('已同意 3 条')).toBeVisible({ timeout: 60_000 });
  expect(await todoTitles(leader, tag)).toEqual([]);
  await done(leader);

  // all three moved on to 国际合作部, each with the one opinion in its trail
  const foreign = await openAs(browser, FOREIGN.code);
  expect((await todoTitles(foreign, tag)).sort()).toEqual([...titles].sort());
  await openTodo(foreign, holders[2]);
  await expect(foreign.getByTestId(`module-preview-${MODULE}`).getByText(opinion)).toBeVisible();
  await shot(foreign, 'after-batch');
  await done(foreign);
});
