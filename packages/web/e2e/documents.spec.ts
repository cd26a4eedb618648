import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from './support/fixtures';
import { openAs } from './support/session';
import { choose } from './support/ant-select';
import { E2E_RESULTS_DIR } from './support/e2e-env';

/**
 * Issue 19, official documents: a receipt registered, proposed, instructed, handled and filed; a dispatch
 * drafted, reviewed, countersigned by two departments, signed, numbered, printed as a red-header PDF,
 * distributed, read by a recipient and filed with its 档号.
 */
const YEAR = new Date().getFullYear();
/** the machine is shared: give the server time to answer */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Opens a document as `user` and acts on their open step. */
async function approveAs(browser: Browser, user: string, url: string, comment: string, before?: (p: Page) => Promise<void>): Promise<void> {
  const page = await openAs(browser, user, url);
  await expect(page.getByTestId('task-panel')).toBeVisible();
  if (before) await before(page);
  await page.getByTestId('task-comment').fill(comment);
  await page.getByTestId('task-approve').click();
  await expect(page.getByTestId('task-panel')).toBeHidden();
  await page.context().close();
}

async function fileAs(browser: Browser, docId: string, retention: RegExp): Promise<string> {
  const page = await openAs(browser, 'sunlihua', `archivePre?docId=${docId}`);
  await expect(page.getByTestId('pre-code')).toHaveText(retention);
  await page.getByTestId('pre-file').click();
  await expect(page.getByTestId('detail-code')).toHaveText(retention);
  const code = (await page.getByTestId('detail-code').textContent()) ?? '';
  // the item's archive package (its files and their SM3 are checked by the server's archive.test.ts)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-package').click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await page.context().close();
  return code;
}

test.describe('official documents', () => {
  test.describe.configure({ timeout: 300_000 });
  test('a receipt goes from registration to the archive', async ({ browser }) => {
    test.setTimeout(300_000);
    const staff = await openAs(browser, 'staff', 'receiptEdit');
    await staff.getByTestId('f-title').fill('关于开展2026年行业运行监测工作的通知');
    await staff.getByTestId('f-sourceOrg').fill('工业和信息化部');
    await staff.getByTestId('f-sourceNo').fill('工信厅函〔2026〕88号');
    await staff.getByTestId('doc-submit').click();
    await expect(staff.getByTestId('doc-preview')).toBeVisible();
    const url = new URL(staff.url());
    const id = url.searchParams.get('id')!;
    await staff.context().close();
    const preview = `receiptPreview?id=${id}`;

    await approveAs(browser, 'zhaolei', preview, '来文要素齐全，请办公室主任拟办。');
    await approveAs(browser, 'leader', preview, '拟请陈静副主任阅示，行业发展部牵头办理。', async (p) => {
      await choose(p, 'task-leader', '陈静');
      await choose(p, 'task-handlers', '张伟');
    });
    await approveAs(browser, 'chenjing', preview, '同意，请行业发展部抓紧落实。');
    await approveAs(browser, 'zhangwei', preview, '已组织会员单位报送监测数据。');

    const check = await openAs(browser, 'staff', preview);
    await expect(check.getByTestId('doc-preview')).toContainText('已办结');
    const sheet = check.getByTestId('doc-sheet');
    for (const s of ['初审', '拟办', '领导批示', '承办', '同意，请行业发展部抓紧落实。', '陈静']) await expect(sheet).toContainText(s);
    await check.context().close();

    expect(await fileAs(browser, id, new RegExp(`^A001-WS·${YEAR}-D10-BGS-\\d{4}$`))).toMatch(/BGS-\d{4}$/);
  });

  test('a dispatch is countersigned, signed, numbered, printed, distributed, read and filed', async ({ browser }) => {
    test.setTimeout(600_000); // seven sign-ins and a PDF: slow on a loaded 2-core machine
    const lina = await openAs(browser, 'lina', 'dispatchEdit');
    await lina.getByTestId('f-title').fill('关于举办2026年行业标准化培训班的通知');
    await choose(lina, 'f-type', '协会文件');
    await choose(lina, 'f-signer', '王建国');
    await choose(lina, 'f-countersigners', '刘洋');
    await choose(lina, 'f-countersigners', '黄丽');
    await lina.getByTestId('f-mainTo').fill('各会员单位');
    // the body in the rich-text editor: paragraphs, a 一级标题, a numbered list
    const editor = lina.getByTestId('rich-text-editor');
    await editor.click();
    await lina.keyboard.type('为提升会员单位标准化工作水平，协会定于12月举办标准化培训班。现将有关事项通知如下：');
    await lina.keyboard.press('Enter');
    await lina.locator('.oa-rte-bar').getByRole('button', { name: '一级标题' }).click();
    await lina.keyboard.type('一、培训时间');
    await lina.keyboard.press('Enter');
    await lina.keyboard.type('2026年12月8日至10日。');
    await lina.keyboard.press('Enter');
    await lina.locator('.oa-rte-bar').getByRole('button', { name: '一级标题' }).click();
    await lina.keyboard.type('二、报名方式');
    await lina.keyboard.press('Enter');
    await lina.locator('.oa-rte-bar').getByRole('button', { name: '有序列表' }).click();
    await lina.keyboard.type('填写报名表；');
    await lina.keyboard.press('Enter');
    await lina.keyboard.type('12月1日前报送协会行业发展部。');
    await lina.getByTestId('doc-submit').click();
    await expect(lina.getByTestId('doc-preview')).toBeVisible();
    await expect(lina.locator('.oa-doc-body h2').first()).toHaveText('一、培训时间');
    await expect(lina.locator('.oa-doc-body ol li')).toHaveCount(2);
    const id = new URL(lina.url()).searchParams.get('id')!;
    await lina.context().close();
    const preview = `dispatchPreview?id=${id}`;

    await approveAs(browser, 'zhaolei', preview, '核稿完毕，格式规范。');
    await approveAs(browser, 'liuyang', preview, '会员服务部同意。');
    await approveAs(browser, 'huangli', preview, '财务部同意，培训经费在预算内列支。');
    await approveAs(browser, 'leader', preview, '同意印发。');

    const clerk = await openAs(browser, 'zhaolei', preview);
    await clerk.getByTestId('desk-number').click();
    await expect(clerk.getByTestId('doc-no')).toHaveText(new RegExp(`^X协〔${YEAR}〕\\d+号$`));
    const docNo = (await clerk.getByTestId('doc-no').textContent())!;
    await clerk.getByTestId('desk-print').click();
    await expect(clerk.getByTestId('doc-printed')).toBeVisible();
    // the rendered first page, kept as a PNG to look at
    const download = clerk.waitForEvent('download');
    await clerk.getByTestId('doc-printed').click();
    const pdf = path.join(E2E_RESULTS_DIR, 'documents-red-header.pdf');
    await (await download).saveAs(pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, path.join(E2E_RESULTS_DIR, 'documents-red-header')]);
    await choose(clerk, 'desk-users', '王芳');
    await clerk.getByTestId('desk-distribute').click();
    await expect(clerk.getByTestId('doc-dist')).toContainText('王芳');
    await expect(clerk.getByTestId('doc-dist')).toContainText('未阅');
    await clerk.context().close();

    // the recipient finds it in the to-do centre's 待阅 and opens it from there
    const reader = await openAs(browser, 'wangfang', 'process?tab=toRead');
    const row = reader.getByTestId('pending-to-read').locator('tr[data-unread="Y"]', { hasText: docNo });
    await row.click();
    await expect(reader.getByTestId('doc-no')).toHaveText(docNo);
    await reader.context().close();

    const again = await openAs(browser, 'zhaolei', preview);
    await expect(again.getByTestId('doc-dist')).toContainText('王芳');
    await expect(again.getByTestId('doc-dist')).not.toContainText('未阅');
    await again.context().close();

    await fileAs(browser, id, new RegExp(`^A001-WS·${YEAR}-D30-HYFZ-\\d{4}$`));
  });
});
