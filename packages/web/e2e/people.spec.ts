import fs from 'node:fs';
import { expect, test, type Page } from './support/fixtures';
import { login, loginAt } from './support/session';

// Dedicated seeded users, so these changes never disturb the accounts other specs use.
const PERSON = 'huzhiqiang';
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const APK = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('AndroidManifest.xml classes.dex resources.arsc')]);

const sidebarExtra = (page: Page, text: string) => page.locator('.oa-sider-extras .ant-menu-item').filter({ hasText: text });

/** Width and height from a PNG's IHDR chunk (throws when the bytes are not a PNG). */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(buf.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test.describe('address book, cards and personal centre', () => {
  test('searches the address book by pinyin initials, opens a card and downloads it as PNG', async ({ page }, info) => {
    await login(page, PERSON);
    await sidebarExtra(page, '通讯录').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '办公通讯录' });
    await expect(drawer).toBeVisible();
    const search = drawer.getByPlaceholder('搜索');
    await expect(drawer.getByTestId('ab-dept-D01')).toBeVisible();
    await search.fill('zw');
    await expect(drawer.getByTestId('ab-member-zhangwei')).toBeVisible();
    await expect(drawer.getByTestId('ab-dept-D01')).toHaveCount(0);
    await expect(drawer.locator('[data-testid^="ab-dept-"]')).toHaveCount(1);
    // the mobile number is masked for an ordinary member
    await expect(drawer.getByTestId('ab-member-zhangwei')).toContainText('188****4308');

    await drawer.getByTestId('ab-card-zhangwei').hover();
    await expect(page.locator('.ant-tooltip').getByText('名片')).toBeVisible();
    await drawer.getByTestId('ab-card-zhangwei').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '张伟的名片' });
    await expect(dialog.getByTestId('card-name')).toHaveText('张伟');
    await expect(dialog.getByTestId('card-dept')).toContainText('行业发展部');
    await expect(dialog.getByTestId('card-sign')).toHaveText('海纳百川，有容乃大');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下\s*载/ }).click()]);
    expect(download.suggestedFilename()).toBe('张伟.png');
    const file = info.outputPath('张伟.png');
    await download.saveAs(file);
    const size = pngSize(fs.readFileSync(file));
    expect(size.width).toBeGreaterThan(300);
    expect(size.height).toBeGreaterThan(150);
    // The name is drawn into the image: the rendered card node carries it.
    await expect(dialog.getByTestId('business-card')).toContainText('张伟');
    await info.attach('card.png', { path: file, contentType: 'image/png' });
  });

  test('changes my signature and avatar and sees them in my card', async ({ page }) => {
    await loginAt(page, PERSON, 'personal');
    const pageRoot = page.getByTestId('personal-page');
    await expect(pageRoot).toBeVisible();
    const sign = `踏实做事 ${Date.now() % 10000}`;
    await pageRoot.getByTestId('personal-sign').fill(sign);
    await pageRoot.getByTestId('personal-save').click();
    await expect(page.locator('.ant-message').getByText('保存成功')).toBeVisible();

    await pageRoot.getByTestId('change-avatar').click();
    const crop = page.locator('.ant-modal').filter({ hasText: '更换头像' });
    await crop.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await crop.getByRole('button', { name: '保存头像' }).click();
    await expect(page.locator('.ant-message').getByText('头像已更新')).toBeVisible();
    await expect(pageRoot.getByTestId('personal-avatar').locator('img')).toHaveAttribute(
      'src',
      /file\/download\?wtoken=.+&filePath=f[0-9a-f]{30}/,
    );

    await pageRoot.getByTestId('my-card-button').click();
    const card = page.locator('.ant-modal').filter({ hasText: '我的名片' });
    await expect(card.getByTestId('card-sign')).toHaveText(sign);
    const img = card.getByTestId('business-card').locator('img').first();
    await expect(img).toHaveAttribute('src', /filePath=f[0-9a-f]{30}/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
  });

  test('publishes an app and shows a scan-ready QR code in the sidebar dialog', async ({ page }) => {
    await loginAt(page, 'admin', 'app');
    const root = page.getByTestId('app-manage-page');
    await root.getByRole('button', { name: /新增应用/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增应用' });
    await dialog.getByTestId('app-name').fill('协会办公');
    await dialog.getByTestId('app-version').fill('2.1.0');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'assoc-oa.apk', mimeType: 'application/vnd.android.package-archive', buffer: APK });
    await expect(page.locator('.ant-message').getByText('安装包已上传')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.locator('.ant-message').getByText('保存成功')).toBeVisible();
    await expect(root.locator('.ant-table-row').filter({ hasText: '协会办公' })).toContainText('已发布');

    await sidebarExtra(page, 'APP下载').click();
    const appDialog = page.locator('.ant-modal').filter({ hasText: 'APP下载' });
    await expect(appDialog.getByTestId('app-qr')).toBeVisible();
    const link = appDialog.locator('a[href*="/oa/api/base/oa/apps/package?id="]');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oa\/api\/base\/oa\/apps\/package\?id=\d+$/);
    // The address the QR code encodes downloads the package without a login (a phone scanning it).
    const res = await page.request.get(href!, { headers: { authorization: '' } });
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body()).equals(APK)).toBe(true);
  });
});
