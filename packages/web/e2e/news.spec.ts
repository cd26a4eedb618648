import { expect as baseExpect, test, type Page } from './support/fixtures';
import { leave, loginAt } from './support/session';

// the shared machine is slow: generous waits for this long journey
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(480_000);

/**
 * News and spaces (issue 15) clicked through in Chromium: a publisher writes an article with an image
 * and an attachment and submits it; the department leader approves it on /information/preview; it
 * appears in its column (/informationMore) with its cover and staff read it (the read count rises); an XSS
 * payload in the body shows as text and never runs; the publisher reminds the unread readers (once an hour);
 * a department-collaboration topic is visible to its department only, and a reply's file downloads for a member.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const TITLE = `端到端测试资讯${Date.now().toString(36)}`;
const XSS = '<img src=x onerror="window.__xss=1">';
const OK = /确\s*定/;

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test('publish with image and attachment → approve → column → read count; XSS stays text; collaboration topic by department', async ({
  page,
}) => {
  page.on('dialog', (d) => {
    throw new Error(`unexpected dialog: ${d.message()}`);
  });

  // staff (办公室) publishes in 协会动态
  await loginAt(page, 'staff', 'information/edit');
  await page.getByTestId('news-column').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '协会动态' }).click();
  await page.getByPlaceholder('请输入标题').fill(TITLE);
  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.keyboard.type(`运动会下周举行。${XSS}`);
  await page.locator('.oa-rte-bar input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.locator('img[data-file-id]')).toHaveCount(1);
  await page
    .getByTestId('news-edit')
    .locator('.ant-form-item')
    .filter({ hasText: '附件' })
    .locator('input[type=file]')
    .setInputFiles({ name: '报名表.txt', mimeType: 'text/plain', buffer: Buffer.from('报名表内容') });
  await expect(page.locator('.ant-upload-list-item-name').filter({ hasText: '报名表.txt' })).toBeVisible();
  // a cover of its own (not the body image)
  await page.getByTestId('news-cover').locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('news-cover-remove')).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByTestId('news-cover')
        .locator('img')
        .evaluate((el) => (el as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByTestId('news-list')).toBeVisible();
  const row = page.getByTestId('news-list').locator('.ant-table-row').filter({ hasText: TITLE });
  await expect(row).toContainText('审核中');
  await row.getByText(TITLE).click();
  await expect(page.getByTestId('news-preview')).toBeVisible();
  const previewUrl = page.url();
  await leave(page);

  // the department leader approves it on the approver's view
  await loginAt(page, 'leader', previewUrl);
  await expect(page.getByTestId('article-title')).toHaveText(TITLE);
  await page.getByTestId('news-approve').click();
  await page.locator('.ant-modal').getByRole('button', { name: OK }).click();
  await expect(page.getByTestId('news-approve')).toHaveCount(0);
  await leave(page);

  // staff colleague (陈静) finds it in its column and reads it: count 1; the payload is text; the image loads
  await loginAt(page, 'chenjing', 'informationMore');
  await page.getByTestId('news-more').locator('.ant-tree-title').filter({ hasText: '协会动态' }).click();
  const cover = page.getByTestId('news-more-row').filter({ hasText: TITLE }).getByTestId('article-cover');
  await expect.poll(() => cover.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('news-more-item').filter({ hasText: TITLE }).click();
  await expect(page.getByTestId('article-title')).toHaveText(TITLE);
  await expect(page.getByTestId('article-read-count')).toContainText('阅读 1');
  const viewUrl = page.url();
  await expect(page.getByTestId('article-view')).toContainText(XSS);
  const img = page.getByTestId('article-view').locator('.oa-rich-html img');
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '报名表.txt' })).toBeVisible();
  await noScriptRan(page);
  await page.screenshot({ path: `${test.info().outputDir}/article-view.png`, fullPage: true });
  await leave(page);

  // another reader (李娜, 行业发展部): the count rises to 2
  await loginAt(page, 'lina', 'informationMore');
  await page.getByTestId('news-more-item').filter({ hasText: TITLE }).click();
  await expect(page.getByTestId('article-read-count')).toContainText('阅读 2');

  // 李娜 starts a collaboration topic for her department
  const topic = `部门协作测试${Date.now().toString(36)}`;
  await page.goto('deptsubject');
  await page.getByTestId('topic-new').click();
  await page.getByTestId('topic-title').fill(topic);
  await page.getByRole('dialog').getByTestId('rich-text-editor').click();
  await page.keyboard.type('请各位认领第三章。');
  await page.getByTestId('topic-save').click();
  await expect(page.getByTestId('topic-view-title')).toHaveText(topic);
  await expect(page.getByTestId('space-view')).toContainText('行业发展部');
  // she replies with a file
  await page.getByTestId('reply-box').locator('[data-testid=rich-text-editor]').click();
  await page.keyboard.type('第三章提纲见附件。');
  await page
    .getByTestId('reply-box')
    .locator('input[type=file][multiple]')
    .setInputFiles({ name: '第三章提纲.txt', mimeType: 'text/plain', buffer: Buffer.from('第三章提纲') });
  await expect(page.getByTestId('reply-box').locator('.ant-upload-list-item-name')).toHaveText('第三章提纲.txt');
  await page.getByTestId('reply-send').click();
  await expect(page.getByTestId('post-files').getByRole('button', { name: '第三章提纲.txt' })).toBeVisible();
  await leave(page);

  // the publisher reminds who has not read the article yet; a second press within the hour says when
  await loginAt(page, 'staff', viewUrl);
  await page.getByTestId('article-remind').click();
  await expect(page.locator('.ant-message')).toContainText(/已提醒 \d+ 人阅读/);
  await page.getByTestId('article-remind').click();
  await expect(page.locator('.ant-message')).toContainText('每小时最多提醒一次');

  // staff (办公室) does not see the topic; 吴晓东 (行业发展部) does and downloads the reply's file
  await page.goto('deptsubject');
  await expect(page.getByTestId('space-dept')).toContainText('年底会员走访计划');
  await expect(page.getByTestId('space-dept').getByText(topic)).toHaveCount(0);
  await leave(page);
  await loginAt(page, 'wuxiaodong', 'deptsubject');
  await page.getByTestId('topic-link').filter({ hasText: topic }).click();
  await expect(page.getByTestId('space-view')).toContainText('请各位认领第三章。');
  const download = page.waitForEvent('download');
  await page.getByTestId('post-files').getByRole('button', { name: '第三章提纲.txt' }).click();
  expect((await download).suggestedFilename()).toBe('第三章提纲.txt');
  await page.screenshot({ path: `${test.info().outputDir}/topic-view.png`, fullPage: true });
});
