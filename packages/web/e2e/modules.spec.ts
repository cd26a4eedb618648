import { expect, test, type Page } from '@playwright/test';
import { login, logout } from './support/session';

/** Picks an option of the antd select labelled `label`. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('module engine: seal use', () => {
  test('staff drafts and submits, the leader approves from the preview, staff prints the approved sheet', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'staff');
    await page.goto('stampEdit');
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
    await page.getByTestId('module-edit-oa_stamp').getByRole('button', { name: /提\s*交/ }).click();
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
    await logout(page);

    // the department leader approves from the preview
    await login(page, 'leader');
    await page.goto(`stampPreview?id=${id}`);
    const lp = page.getByTestId('module-preview-oa_stamp');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('审批意见').fill('同意用印');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(lp.getByTestId('record-status').first()).toHaveText('已通过');
    await logout(page);

    // staff sees it approved, with the leader's opinion, and prints the sheet
    await login(page, 'staff');
    await page.goto(`stampPreview?id=${id}`);
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
