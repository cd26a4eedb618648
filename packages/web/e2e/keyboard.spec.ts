import { expect as baseExpect, test } from './support/fixtures';
import { chooseByKeys, tabTo, typeInto } from './support/keyboard';
import { loginAt, leave } from './support/session';

/**
 * Issue 40: the whole of an everyday application by keyboard only (Tab, Enter, Space, arrows), in Chromium: a staff
 * member applies for a mailbox, the department leader approves it from the to-do centre (the IT centre's step follows). No mouse click anywhere;
 * the axe check (support/fixtures.ts) runs on every page it opens.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const RUN = Date.now().toString(36).slice(-4);
const NAME = `键盘${RUN}`;
const TITLE = `${NAME}开通邮箱`;

test('a staff member applies and the leader approves, by keyboard only', async ({ page }) => {
  test.info().setTimeout(180_000);
  page.setDefaultTimeout(20_000);

  // the staff member: the skip link first, then the page's own button
  await loginAt(page, 'staff', 'Email');
  const list = page.getByTestId('module-list-oa_email');
  await expect(list).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#oa-main')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: '新建邮箱申请' }));
  await page.keyboard.press('Enter');

  const form = page.getByTestId('module-edit-oa_email');
  await expect(form).toBeVisible();
  await chooseByKeys(page, form, '申请事项', 0);
  await typeInto(page, form, '使用人姓名', NAME);
  await typeInto(page, form, '邮箱账号', `kb${RUN}`.toLowerCase().replace(/[^a-z0-9]/g, 'x'));
  await chooseByKeys(page, form, '邮箱容量', 1);
  await typeInto(page, form, '手机号码', '13912345678');
  await typeInto(page, form, '申请事由', '键盘操作的邮箱申请');
  await expect(form.getByText('开通邮箱', { exact: true })).toBeVisible();
  await expect(form.getByText('5GB', { exact: true })).toBeVisible();
  await tabTo(page, form.getByRole('button', { name: /^提\s*交$/ }));
  await page.keyboard.press('Enter');

  const preview = page.getByTestId('module-preview-oa_email');
  await expect(preview.getByTestId('record-status').first()).toHaveText('审批中');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await leave(page);

  // the leader: the to-do centre, the application's title (a link), 同意, the comment, 确定
  await loginAt(page, 'leader', 'process?tab=todo');
  const todo = page.getByTestId('pending-todo');
  const title = todo.locator('tbody tr').filter({ hasText: TITLE }).getByRole('link', { name: TITLE });
  await tabTo(page, title, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Email\?id=R/);

  const record = page.getByTestId('module-preview-oa_email');
  await tabTo(page, record.getByRole('button', { name: /^同\s*意$/ }));
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  await typeInto(page, dialog, '审批意见', '同意开通');
  await tabTo(page, dialog.getByRole('button', { name: /确\s*定/ }));
  await page.keyboard.press('Enter');
  // the leader's step is done (the IT centre's comes next): the approval and its comment are in the record's history
  await expect(record.getByText('同意开通')).toBeVisible();
  await expect(record.getByRole('button', { name: /^同\s*意$/ })).toHaveCount(0);
});

test('the rich-text editor and the approval designer, by keyboard only', async ({ page }) => {
  page.setDefaultTimeout(20_000);

  // the editor: Tab into the text, type; back to the toolbar's 加粗 (a pressed toggle), Enter, type on in bold
  await loginAt(page, 'staff', 'information/edit');
  const editor = page.getByTestId('rich-text-editor');
  await tabTo(page, editor, { max: 150 });
  await page.keyboard.type('键盘正文');
  const bold = page.getByRole('toolbar', { name: '格式' }).getByRole('button', { name: '加粗' });
  await tabTo(page, bold, { back: true });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  // the toolbar hands the focus back to the text on the next frame (tiptap's focus), as a person's next key finds it
  await expect(editor).toBeFocused();
  await page.keyboard.type('加粗部分');
  await expect(editor.locator('strong')).toHaveText('加粗部分');
  await expect(editor).toContainText('键盘正文');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await leave(page);

  // the designer: add a CC node after the approver (the menu takes the focus), open it again, remove it
  await loginAt(page, 'admin', 'workFlow/edit?moduleCode=oa_email');
  await tabTo(page, page.getByTestId('wf-add-btn').nth(1));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wf-add-approver')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('wf-add-cc')).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.locator('.ant-drawer').filter({ hasText: '设置抄送人' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const cc = page.getByTestId('wf-node').filter({ has: page.locator('.wf-node-title', { hasText: '抄送人' }) });
  await tabTo(page, cc.locator('button.wf-node-body'), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await tabTo(page, cc.getByTestId('wf-node-remove'), { max: 120 });
  await expect(cc.getByTestId('wf-node-remove')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(cc).toHaveCount(0);
});
