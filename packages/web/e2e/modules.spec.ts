import { expect, test, type Locator, type Page } from './support/fixtures';
import { leave, login, loginAt } from './support/session';
import { signedHeaders } from './support/signed-api';

/** Picks an option of the antd select labelled `label`. */
async function pick(page: Page, label: string, option: string, scope: Locator | Page = page): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('module engine: seal use', () => {
  test('staff drafts and submits, the leader approves from the preview, staff prints the approved sheet', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'stampEdit');
    const edit = page.getByTestId('module-edit-oa_stamp');
    await expect(edit).toBeVisible();

    // a form refused on the client names the field
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByTestId('form-problem')).toContainText('请填写用印事由');

    await page.getByLabel('用印事由', { exact: true }).fill('与华信公司签订年度合作协议');
    await pick(page, '印章类型', '合同专用章');
    await page.getByLabel('用印份数', { exact: true }).fill('3');
    await page.getByLabel('文件名称', { exact: true }).fill('年度合作协议');
    await page.locator('input[type=file]').setInputFiles({ name: '合作协议.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(edit.locator('.ant-upload-list-item').filter({ hasText: '合作协议.pdf' })).toBeVisible();

    // a draft first, then the submit
    await edit.getByRole('button', { name: '保存草稿' }).click();
    await expect(page).toHaveURL(/stampEdit\?id=R/);
    await expect(page.getByTestId('module-edit-oa_stamp').getByTestId('record-status')).toHaveText('草稿');
    await page
      .getByTestId('module-edit-oa_stamp')
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await expect(page).toHaveURL(/stampPreview\?id=R/);
    const id = new URL(page.url()).searchParams.get('id');
    const preview = page.getByTestId('module-preview-oa_stamp');
    await expect(preview.getByTestId('record-status').first()).toHaveText('审批中');

    // the list shows it running
    await page.goto('stamp');
    const row = page.getByTestId('module-list-oa_stamp').locator('.ant-table-row').filter({ hasText: '与华信公司签订年度合作协议' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('record-status')).toHaveText('审批中');
    await row.getByRole('button', { name: '查看' }).click();
    await expect(page).toHaveURL(new RegExp(`stampPreview\\?id=${id}`));
    const timeline = page.getByTestId('module-preview-oa_stamp').getByTestId('approval-timeline');
    await expect(timeline).toContainText('刘小雨');
    await expect(timeline).toContainText('待审批');
    await leave(page);

    // the department leader approves from the preview
    await loginAt(page, 'leader', `stampPreview?id=${id}`);
    const lp = page.getByTestId('module-preview-oa_stamp');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('审批意见').fill('同意用印');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(lp.getByTestId('record-status').first()).toHaveText('已通过');
    await leave(page);

    // staff sees it approved, with the leader's opinion, and prints the sheet
    await loginAt(page, 'staff', `stampPreview?id=${id}`);
    const sp = page.getByTestId('module-preview-oa_stamp');
    await expect(sp.getByTestId('record-status').first()).toHaveText('已通过');
    await expect(sp.getByTestId('approval-timeline')).toContainText('同意用印');
    await expect(sp.getByTestId('approval-timeline')).toContainText('王建国');
    await expect(page.getByTestId('print-sheet')).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('print-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('用印申请审批单');
    await expect(sheet).toContainText('同意用印');
    await expect(page.locator('.oa-sider')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('stamp-approval-sheet.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});

/** Types a date into the antd date picker with the given input id. */
async function typeDate(page: Page, selector: string, date: string): Promise<void> {
  await page.locator(selector).click();
  await page.locator(selector).fill(date);
  await page.keyboard.press('Enter');
}

test.describe('module engine: lending and trips', () => {
  test('a lending is approved, then its return is registered through the module action', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'lendEdit');
    const edit = page.getByTestId('module-edit-oa_lend');
    await page.getByLabel('物品名称', { exact: true }).fill('便携投影仪');
    await page.getByLabel('借用数量', { exact: true }).fill('1');
    await page.getByLabel('借用用途', { exact: true }).fill('部门季度总结会使用');
    await typeDate(page, '#borrowDate', '2026-03-02');
    await typeDate(page, '#expectedReturnDate', '2026-03-01');
    await page.getByLabel('联系电话', { exact: true }).fill('1380013');
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByTestId('form-problem')).toContainText('联系电话：请输入正确的手机号码');
    await page.getByLabel('联系电话', { exact: true }).fill('13800138000');
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByTestId('form-problem')).toContainText('预计归还日期不能早于借用日期');
    await typeDate(page, '#expectedReturnDate', '2026-03-06');
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page).toHaveURL(/lendPreview\?id=R/);
    const id = new URL(page.url()).searchParams.get('id');
    await leave(page);

    await loginAt(page, 'leader', `lendPreview?id=${id}`);
    await page
      .getByTestId('module-preview-oa_lend')
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await page
      .locator('.ant-modal')
      .filter({ hasText: '审批意见' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByTestId('module-preview-oa_lend').getByTestId('record-status').first()).toHaveText('已通过');
    await leave(page);

    await loginAt(page, 'staff', `lendPreview?id=${id}`);
    const view = page.getByTestId('module-preview-oa_lend');
    await expect(view.getByTestId('record-view')).toContainText('已借出');
    await view.getByRole('button', { name: '登记归还' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '实际归还日期' });
    await typeDate(page, '.ant-modal #returnDate', '2026-03-05');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(view.getByTestId('record-view')).toContainText('已归还');
    await expect(view.getByTestId('record-view')).toContainText('2026-03-05');
    await expect(view.getByRole('button', { name: '登记归还' })).toHaveCount(0);
  });

  test('a business trip with an itinerary: days computed, sub-rows checked, preview shows the rows', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAt(page, 'staff', 'btrip');
    await expect(page.getByTestId('module-list-oa_btrip')).toBeVisible();
    await expect(page.getByRole('button', { name: '领导出差' })).toHaveCount(0); // the senior form is the leaders'
    await page.getByRole('button', { name: '新建出差申请' }).click();
    await expect(page).toHaveURL(/btripEdit$/);
    const edit = page.getByTestId('module-edit-oa_btrip');
    await edit.getByLabel('出差地点', { exact: true }).fill('上海');
    await page.locator('#dateRange').click();
    await page.locator('#dateRange').fill('2026-04-01');
    await page.keyboard.press('Enter');
    await page.keyboard.type('2026-04-03');
    await page.keyboard.press('Enter');
    await expect(edit.getByLabel('出差天数', { exact: true })).toHaveValue('3');
    await pick(page, '交通工具', '高铁', edit);
    await edit.getByLabel('预计费用', { exact: true }).fill('2680.5');
    await edit.getByLabel('出差事由', { exact: true }).fill('参加全国行业年会并作交流发言');
    await page.getByRole('button', { name: '添加一行' }).click();
    await typeDate(page, '#itinerary_0_date', '2026-04-01');
    await page.locator('#itinerary_0_to').fill('上海');
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByTestId('form-problem')).toContainText('请填写行程安排第1行出发地');
    await page.locator('#itinerary_0_from').fill('北京');
    await edit.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page).toHaveURL(/btripPreview\?id=R/);
    const view = page.getByTestId('module-preview-oa_btrip');
    await expect(view.getByTestId('record-status').first()).toHaveText('审批中');
    await expect(view.getByTestId('record-view')).toContainText('2026-04-01 至 2026-04-03');
    await expect(view.getByTestId('record-view')).toContainText('2,680.50 元');
    await expect(view.getByTestId('record-view').locator('.ant-table-row')).toHaveCount(1);
    await expect(view.getByTestId('record-view')).toContainText('北京');
    // the applicant may withdraw while nobody has acted
    await view.getByRole('button', { name: /撤\s*回/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /撤\s*回/ })
      .click();
    await expect(view.getByTestId('record-status').first()).toHaveText('已撤回');
    await expect(view.getByRole('button', { name: '修改并重新提交' })).toBeVisible();
  });
});

/** A signed API POST with the token the page holds (like the web client); returns the envelope's data. */
async function apiPost(page: Page, path: string, body: unknown): Promise<{ id: string }> {
  const res = await page.request.post(path, { data: body, headers: await signedHeaders(page, path) });
  const json = (await res.json()) as { code: number; message: string; data: { id: string } };
  expect(json.code, json.message).toBe(0);
  return json.data;
}

test.describe('module engine: initiator picks, hidden and editable fields', () => {
  test('staff picks the second approver on submit; the leader does not see the hidden field and edits the editable one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, 'admin');
    const flow = {
      moduleCode: 'oa_circulation',
      name: '工作反馈（自选审批人）',
      deptCode: null,
      adminUserCodes: ['admin'],
      root: {
        id: 'start',
        type: 'start',
        name: '发起人',
        settings: { fieldPermissions: {} },
        childNode: {
          id: 'lead',
          type: 'approver',
          name: '部门负责人审批',
          settings: { assignee: { kind: 'deptLeader' }, fieldPermissions: { contactPhone: 'hidden', nextStep: 'edit' } },
          childNode: {
            id: 'pick',
            type: 'approver',
            name: '经办人审批',
            settings: { assignee: { kind: 'initiatorPicks', candidates: ['lina', 'hanxue'] } },
            childNode: null,
          },
        },
      },
    };
    const draft = await apiPost(page, 'api/auth/oa/workflow/saveDraft', { definition: flow });
    await apiPost(page, 'api/auth/oa/workflow/publish', { id: draft.id });
    await leave(page);

    await login(page, 'staff');
    const data = {
      subject: '自选审批人测试反馈',
      feedbackType: '工作进展',
      feedbackDate: '2026-11-18',
      readers: ['chenjing'],
      content: '已走访会员单位12家。',
      contactPhone: '13579704883',
    };
    const rec = await apiPost(page, 'api/auth/oa/records/oa_circulation/save', { data });
    await page.goto(`circulation/edit?id=${rec.id}`);
    await page
      .getByTestId('module-edit-oa_circulation')
      .getByRole('button', { name: /^提\s*交$/ })
      .click();
    const picks = page.locator('.ant-modal').filter({ hasText: '选择审批人' });
    await expect(picks).toContainText('经办人审批');
    await picks.getByRole('button', { name: '确定并提交' }).click();
    await expect(picks).toContainText('请选择「经办人审批」的审批人');
    await pick(page, '经办人审批', '韩雪', picks);
    await picks.getByRole('button', { name: '确定并提交' }).click();
    await expect(page).toHaveURL(new RegExp(`circulationPreview\\?id=${rec.id}`));
    await leave(page);

    await loginAt(page, 'leader', `circulationPreview?id=${rec.id}`);
    const lp = page.getByTestId('module-preview-oa_circulation');
    await expect(lp).toContainText('自选审批人测试反馈');
    await expect(lp).not.toContainText('13579704883');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('下一步工作').fill('继续走访剩余会员单位');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.ant-message').getByText('已同意')).toBeVisible();
    await expect(lp).toContainText('继续走访剩余会员单位');
    await expect(lp.getByTestId('approval-timeline')).toContainText('韩雪');
  });
});
