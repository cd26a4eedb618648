import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { E2E_RESULTS_DIR } from './support/e2e-env';
import { login } from './support/session';
import { signedHeaders } from './support/signed-api';
import { OK, openTodo, submitStamp } from './support/workflow-steps';
import { choose } from './support/ant-select';

/** Hand-over when staff leave (issue 38): an administrator moves a leaver's work and the successor has it in 待办. */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const SHOTS = path.join(E2E_RESULTS_DIR, 'handover-shots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function as(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, user);
  return page;
}

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', p: string, body?: unknown) {
  const headers = await signedHeaders(page, p);
  const res = await page.request.fetch(p, { method, headers, ...(body ? { data: body } : {}) });
  return (await res.json()) as { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test('an administrator hands a leaver’s work to a successor, who finds it in 待办', async ({ browser }) => {
  const reason = `交接测试用印 ${Date.now()}`;
  // staff applies; the leader hands the step to 周涛, who then leaves
  const staff = await as(browser, 'staff');
  await submitStamp(staff, reason, 1);
  const leader = await as(browser, 'leader');
  const todo = await api(leader, 'GET', `api/auth/oa/process/todo?keyword=${encodeURIComponent(reason)}`);
  const taskId = todo.data.list[0].taskId as string;
  expect((await api(leader, 'POST', 'api/auth/oa/process/transfer', { taskId, toUser: 'zhoutao', comment: '请周涛办理' })).code).toBe(0);

  const admin = await as(browser, 'admin');
  expect((await api(admin, 'PUT', 'api/auth/oa/user/status', { userCode: 'zhoutao', status: 'N' })).code).toBe(0);

  // /user flags the disabled account that still holds work
  await admin.goto('user');
  await admin
    .getByPlaceholder(/账号|姓名/)
    .first()
    .fill('周涛');
  await admin.keyboard.press('Enter');
  const row = admin.locator('tbody tr').filter({ hasText: '周涛' });
  await expect(row.getByText('有待交接工作')).toBeVisible();
  await shot(admin, 'user-flag');

  // preview, pick the successor, confirm
  await admin.goto('handover');
  await choose(admin, 'handover-from', '周涛');
  await expect(admin.getByText(reason)).toBeVisible();
  await choose(admin, 'handover-to', '孙丽华');
  await shot(admin, 'preview');
  await admin.getByTestId('handover-confirm').click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(admin.locator('.ant-message').getByText(/已交接 \d+ 项工作/)).toBeVisible();
  await expect(admin.getByText(/共持有\s*0\s*项工作/)).toBeVisible();

  await admin.goto('user');
  await admin
    .getByPlaceholder(/账号|姓名/)
    .first()
    .fill('周涛');
  await admin.keyboard.press('Enter');
  await expect(admin.locator('tbody tr').filter({ hasText: '周涛' }).getByText('停用')).toBeVisible();
  await expect(admin.locator('tbody tr').filter({ hasText: '周涛' }).getByText('有待交接工作')).toHaveCount(0);

  // the successor has it in 待办
  const successor = await as(browser, 'sunlihua');
  await openTodo(successor, reason);
  await shot(successor, 'successor-todo');
});
