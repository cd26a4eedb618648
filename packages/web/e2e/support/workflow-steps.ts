import { expect as baseExpect, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 20_000 });

/** Steps of the workflow spec that several tests repeat. */

export const OK = /确\s*定/;

/** A minimal PDF (the upload checks the content, not only the extension). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Picks an option of an antd Select / TreeSelect opened by clicking `trigger`, by typed text. */
export async function pickOption(page: Page, trigger: ReturnType<Page['locator']>, text: string): Promise<void> {
  await trigger.click();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  await option.click();
}

/** Submits a seal-use application as the logged-in user; returns its title. */
export async function submitStamp(page: Page, reason: string, copies: number): Promise<void> {
  await page.goto('stampEdit');
  const form = page.getByTestId('module-edit-oa_stamp');
  await expect(form).toBeVisible();
  await form.getByLabel('用印事由').fill(reason);
  await pickOption(page, form.getByLabel('印章类型'), '公章');
  await form.getByLabel('用印份数').fill(String(copies));
  await form.locator('input[type=file]').first().setInputFiles({ name: 'seal-request.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('.ant-upload-list-item').filter({ hasText: 'seal-request.pdf' })).toBeVisible();
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.locator('.ant-message').getByText('提交成功')).toBeVisible();
}

/** Opens a row of the pending centre's to-do list (the record's preview) by its text. */
export async function openTodo(page: Page, text: string): Promise<void> {
  await page.goto('process?tab=todo');
  const row = page.getByTestId('pending-todo').locator('tbody tr').filter({ hasText: text });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('module-preview-oa_stamp')).toBeVisible();
}

/** Runs an approval action from the record's preview: opens its dialog, types the comment, confirms. */
export async function act(page: Page, action: '同意' | '驳回' | '退回', comment: string, done: string): Promise<void> {
  await page
    .getByTestId('record-actions')
    .getByRole('button', { name: new RegExp(`^${action.split('').join('\\s*')}$`) })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  await dialog.getByLabel('审批意见').fill(comment);
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.locator('.ant-message').getByText(done)).toBeVisible();
}
