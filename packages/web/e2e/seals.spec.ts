import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, test, type Page } from './support/fixtures';
import { openAs } from './support/session';
import { E2E_RESULTS_DIR } from './support/e2e-env';

/**
 * Issue 37, electronic seals: the system administrator keeps the seal registry on 印章管理 (the demo seals with
 * their images, a department seal added from a transparent PNG with who may ask for it picked by role name, a JPEG
 * refused). A seal put on a dispatch at 印制 and its use log: document-out.spec.ts.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_RESULTS_DIR, `${name}.png`), fullPage: true });

/** A round red seal on a transparent background (or, `jpeg`, the same on white without transparency). */
async function sealImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="140" fill="none" stroke="#d40000" stroke-width="12"/><polygon points="150,90 168,140 220,140 178,170 194,220 150,190 106,220 122,170 80,140 132,140" fill="#d40000"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.flatten({ background: '#ffffff' }).jpeg().toBuffer();
}

/** Picks an option of a labelled antd Select in the open dialog. */
async function pick(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
  await page.getByRole('dialog').locator('.ant-modal-title').click(); // closes a multiple select's list (Escape would close the dialog)
}

test('印章管理: the administrator adds a seal from a transparent PNG, who may ask for it picked by role name', async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `协会会员部印章${Date.now() % 100000}`;
  const admin = await openAs(browser, 'admin', 'seals');
  const seals = admin.getByTestId('seals-page');
  await expect(seals.locator('tbody tr').filter({ hasText: '协会印章' })).toHaveCount(1);
  await expect(seals.locator('tbody tr').filter({ hasText: '部门印章（办公室）' })).toBeVisible();
  const images = seals.locator('img[alt="印章图片"]');
  await expect(images).toHaveCount(2);
  for (const img of await images.all()) expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

  await seals.getByRole('button', { name: '添加印章' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('印章名称', { exact: true }).fill(name);
  await dialog.getByText('部门印章', { exact: true }).click();
  await pick(admin, '所属部门（部门印章）', '会员服务部');
  await pick(admin, '保管人', '王芳');
  await pick(admin, '可申请角色（不填为所有人）', '部门负责人');
  const file = dialog.locator('input[type=file]');
  await file.setInputFiles({ name: 'seal.jpg', mimeType: 'image/jpeg', buffer: await sealImage('jpeg') });
  await expect(dialog.getByTestId('seal-image-name')).toHaveText('seal.jpg');
  await shot(admin, 'seals-form');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(admin.locator('.ant-message')).toContainText('印章图片必须是 PNG 格式');
  await expect(seals.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
  await file.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: await sealImage('png') });
  await expect(dialog.getByTestId('seal-image-name')).toHaveText('seal.png');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(admin.locator('.ant-message')).toContainText('印章已添加');
  const added = seals.locator('tbody tr').filter({ hasText: name });
  await expect(added).toContainText('王芳');
  await expect(added).toContainText('部门负责人');
  await expect(added).toContainText('启用');
  await expect(images).toHaveCount(3);

  await shot(admin, 'seals-page');
  await admin.context().close();
});
