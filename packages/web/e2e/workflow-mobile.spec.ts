import { expect as baseExpect, test } from './support/fixtures';
import { login, loginAt, sessionToken } from './support/session';
import { pickOption, submitStamp } from './support/workflow-steps';

/**
 * Issue 5, the pages outside the shell: /workflow/kk (a published diagram from a signed share link,
 * without a login) and /PreviewForApp (the mobile app's web view: ?token= logs in, approve on a phone).
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const RUN = Date.now().toString(36).slice(-5);

test('a share link opens the published diagram without a login', async ({ page, browser }) => {
  await loginAt(page, 'admin', 'workFlow');
  await pickOption(page, page.getByTestId('wf-filter-module'), '用印申请');
  const row = page.locator('.ant-table-row').filter({ hasText: '用印申请' }).filter({ hasText: '已发布' }).first();
  await row.locator('a').first().click();
  await expect(page.getByTestId('config-preview-page')).toBeVisible();
  await page.getByRole('button', { name: /分\s*享/ }).click();
  const link = (await page.locator('.ant-modal .ant-typography').first().innerText()).trim();
  expect(link).toMatch(/\/oa\/workflow\/kk\?token=/);
  await page.locator('.ant-modal-confirm-btns button').first().click();

  const anonymous = await browser.newContext();
  const guest = await anonymous.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('workflow-share-page')).toBeVisible();
  await expect(guest.getByTestId('wf-node').first()).toContainText('所有人');
  await expect(guest.locator('.oa-sider')).toHaveCount(0);
  expect(await guest.evaluate(() => window.localStorage.getItem('EL-ADMIN-TOKEN'))).toBeNull();

  await guest.goto(link.replace(/token=.*/, 'token=forged'));
  await expect(guest.getByText('分享链接无效或已过期')).toBeVisible();
  await anonymous.close();
});

test('the mobile web view shows the record and lets the approver approve', async ({ page, browser }) => {
  const reason = `APP审批-${RUN}`;
  await login(page, 'staff');
  const submitted = page.waitForResponse((r) => r.url().includes('/records/oa_stamp/submit'));
  await submitStamp(page, reason, 2);
  const recordId = ((await (await submitted).json()) as { data: { id: string } }).data.id;

  // The app hands its login token to the web view in the address
  const token = await sessionToken(browser, 'leader');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const view = await phone.newPage();
  await view.goto(`PreviewForApp?moduleCode=oa_stamp&id=${recordId}&token=${encodeURIComponent(token)}`);
  // the web view's link opens the item in the phone app, its parameters kept and the token taken out of the address
  await expect(view).toHaveURL(new RegExp(`/oa/m/item\\?moduleCode=oa_stamp&id=${recordId}$`));
  const preview = view.getByTestId('m-item');
  await expect(preview).toContainText(reason);
  await expect(preview).toContainText('审批中');
  await view.getByTestId('m-action-approve').click();
  await view.getByTestId('m-action-sheet').getByLabel('批示意见').fill('同意（手机审批）');
  await view.getByTestId('m-action-sheet').getByRole('button', { name: '签批同意' }).click();
  await expect(view.locator('.ant-message').getByText('已同意')).toBeVisible();
  await expect(preview).toContainText('同意（手机审批）');
  await expect(view.getByTestId('m-action-approve')).toHaveCount(0);
  await phone.close();
});
