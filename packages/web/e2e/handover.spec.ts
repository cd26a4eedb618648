import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from './support/fixtures';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { DEMO_PASSWORD, E2E_RESULTS_DIR } from './support/e2e-env';
import { openAs } from './support/session';
import { api } from './support/signed-api';
import { OK, openTodo, submitStamp } from './support/workflow-steps';
import { choose } from './support/ant-select';

/**
 * Hand-over when staff leave (issue 38): an administrator moves a leaver's work and the successor has it in 待办.
 *
 * The leaver is an account this spec creates (a new one on every try), so no demo account other specs log in as is
 * ever disabled, and a retry starts clean. The successor, 谢婷 (人事主管), is a demo account no other spec uses; she
 * receives only this spec's task.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
// a step that cannot happen fails within half a minute, naming the step, instead of waiting out the test
test.use({ actionTimeout: 30_000, navigationTimeout: 45_000 });

const SUCCESSOR = { code: 'xieting', name: '谢婷' };

const SHOTS = path.join(E2E_RESULTS_DIR, 'handover-shots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const done = (page: Page) => page.context().close();

/** The /user list filtered to one person; returns that person's row. */
async function userRow(admin: Page, name: string) {
  await admin.goto('user');
  await admin
    .getByPlaceholder(/账号|姓名/)
    .first()
    .fill(name);
  await admin.keyboard.press('Enter');
  return admin.locator('tbody tr').filter({ hasText: name });
}

test('an administrator hands a leaver’s work to a successor, who finds it in 待办', async ({ browser }) => {
  const run = Date.now().toString(36);
  const leaver = { code: `leaver${run}`, name: `离职测试${run}` };
  const reason = `交接测试用印 ${run}`;

  // the administrator adds the (future) leaver to the office
  const admin = await openAs(browser, 'admin');
  const created = await api(admin, 'POST', 'api/auth/oa/user/insert', {
    userCode: leaver.code,
    userName: leaver.name,
    deptCode: 'D01',
    position: '行政专员',
    password: hashPassword(DEMO_PASSWORD),
  });
  expect(created, created.message).toMatchObject({ code: 0 });

  // staff applies; the leader hands the step to the new colleague
  const staff = await openAs(browser, 'staff');
  await submitStamp(staff, reason, 1);
  await done(staff);
  const leader = await openAs(browser, 'leader');
  const todo = await api(leader, 'GET', `api/auth/oa/process/todo?keyword=${encodeURIComponent(reason)}`);
  expect(todo.data.list).toHaveLength(1);
  const moved = await api(leader, 'POST', 'api/auth/oa/process/transfer', {
    taskId: todo.data.list[0].taskId,
    toUser: leaver.code,
    comment: '请新同事办理',
  });
  expect(moved, moved.message).toMatchObject({ code: 0 });
  await done(leader);

  // the colleague leaves: the account is disabled, and /user flags it as still holding work
  const off = await api(admin, 'PUT', 'api/auth/oa/user/status', { userCode: leaver.code, status: 'N' });
  expect(off, off.message).toMatchObject({ code: 0 });
  const row = await userRow(admin, leaver.name);
  await expect(row.getByText('停用')).toBeVisible();
  // in sight without scrolling the table sideways
  await expect(row.getByText('有待交接工作')).toBeInViewport();
  await shot(admin, 'user-flag');

  // the flag leads to the hand-over page with the leaver picked: preview, pick the successor, confirm
  await row.getByRole('link', { name: '有待交接工作' }).click();
  await expect(admin).toHaveURL(/\/oa\/handover\?from=/);
  await expect(admin.getByTestId('handover-from')).toContainText(`${leaver.name}（办公室） · 已停用`);
  await expect(admin.getByText(/共持有\s*1\s*项工作/)).toBeVisible();
  await expect(admin.getByText(reason)).toBeVisible();
  await choose(admin, 'handover-to', SUCCESSOR.name);
  await expect(admin.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  const confirm = admin.getByTestId('handover-confirm');
  await expect(confirm).toBeEnabled();
  await shot(admin, 'preview');
  await confirm.click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(admin.locator('.ant-message').getByText('已交接 1 项工作')).toBeVisible();
  await expect(admin.getByText(/共持有\s*0\s*项工作/)).toBeVisible();
  await shot(admin, 'after');

  const after = await userRow(admin, leaver.name);
  await expect(after.getByText('停用')).toBeVisible();
  await expect(after.getByText('有待交接工作')).toHaveCount(0);
  await done(admin);

  // the successor has it in 待办
  const successor = await openAs(browser, SUCCESSOR.code);
  await openTodo(successor, reason);
  await shot(successor, 'successor-todo');
  await done(successor);
});
