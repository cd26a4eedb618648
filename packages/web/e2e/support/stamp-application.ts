import { expect, type Page } from '@playwright/test';

/** A minimal PDF to attach as the file to be sealed (no page: a spec that shows it passes one of its own). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

/**
 * Fills and submits a 用印申请 on /stampEdit as the logged-in user, attaching `attachment` (a PDF); returns the
 * new record's id from the preview page it lands on.
 */
export async function submitStamp(
  page: Page,
  f: { reason: string; seal: string; copies: number; fileName: string; attachment: string; pdf?: Buffer },
): Promise<string> {
  await page.goto('stampEdit');
  const edit = page.getByTestId('module-edit-oa_stamp');
  await page.getByLabel('用印事由', { exact: true }).fill(f.reason);
  await pick(page, '印章类型', f.seal);
  await page.getByLabel('用印份数', { exact: true }).fill(String(f.copies));
  await page.getByLabel('文件名称', { exact: true }).fill(f.fileName);
  await page.locator('input[type=file]').setInputFiles({ name: f.attachment, mimeType: 'application/pdf', buffer: f.pdf ?? PDF });
  await expect(edit.locator('.ant-upload-list-item').filter({ hasText: f.attachment })).toBeVisible();
  await edit.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page).toHaveURL(/stampPreview\?id=R/);
  return new URL(page.url()).searchParams.get('id')!;
}
