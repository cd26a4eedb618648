import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from './support/fixtures';
import { login, loginAt, leave } from './support/session';
import { signedHeaders } from './support/signed-api';
import { submitStamp } from './support/stamp-application';

/**
 * Issue 38, printed approval sheets: staff applies for seal use, the leader signs on the pad with the mouse
 * and approves, the sheet is printed as PDF (read back with pdftotext, rendered with pdftoppm); a 收文's
 * 处理笺 prints as well.
 */
const REASON = '与华信公司签订年度合作协议（打印审批单）';

/** Clicks 打印… → PDF and saves the download; returns its path. */
async function printPdf(page: Page, name: string): Promise<string> {
  await page.getByTestId('print-sheet-button').hover();
  const download = page.waitForEvent('download');
  await page.locator('.ant-dropdown:visible').getByText('PDF（A4）').click();
  const file = test.info().outputPath(name);
  await (await download).saveAs(file);
  // render it to look at (pdftoppm -png -r 60), kept with the test's output
  execFileSync('pdftoppm', ['-png', '-r', '60', file, file.replace(/\.pdf$/, '')]);
  return file;
}
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** The raster images a PDF draws (pdfimages -list; an image's alpha mask is listed as 'smask', not counted). */
const pdfImages = (file: string) =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => `${c[3]}x${c[4]}`);

test.describe('printed approval sheets', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the leader signs on the pad and approves a seal use; the sheet prints with the signature', async ({ page }) => {
    await login(page, 'staff');
    const id = await submitStamp(page, {
      reason: REASON,
      seal: '合同专用章',
      copies: 2,
      fileName: '年度合作协议',
      attachment: '合作协议.pdf',
    });
    // nothing signed yet: printing is there for the applicant all the same
    await expect(page.getByTestId('print-sheet-button')).toBeVisible();
    await leave(page);

    await loginAt(page, 'leader', `stampPreview?id=${id}`);
    const lp = page.getByTestId('module-preview-oa_stamp');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('审批意见').fill('同意用印，请按规定登记');
    // draw a signature: a few mouse strokes across the pad
    const pad = dialog.getByTestId('signature-pad');
    // measure the pad once the dialog stands still: measured while it still zooms open, the strokes would land
    // beside where the pad ends up
    await pad.click({ trial: true });
    const box = (await pad.boundingBox())!;
    const strokes: Array<Array<[number, number]>> = [
      [
        [0.1, 0.6],
        [0.2, 0.3],
        [0.3, 0.7],
        [0.4, 0.35],
      ],
      [
        [0.5, 0.4],
        [0.6, 0.65],
        [0.75, 0.3],
        [0.9, 0.6],
      ],
    ];
    for (const s of strokes) {
      await page.mouse.move(box.x + box.width * s[0]![0], box.y + box.height * s[0]![1]);
      await page.mouse.down();
      for (const [x, y] of s.slice(1)) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 8 });
      await page.mouse.up();
    }
    await expect(dialog).toContainText('已签名');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(lp.getByTestId('record-status').first()).toHaveText('已通过');
    // the trail shows the drawn signature (an image the server serves to this record's readers)
    const sig = lp.getByTestId('approval-timeline').getByTestId('signature-image');
    await expect(sig).toBeVisible();
    await expect.poll(() => sig.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await expect(dialog).toBeHidden();
    await leave(page);

    // the applicant prints it
    await loginAt(page, 'staff', `stampPreview?id=${id}`);
    const file = await printPdf(page, 'stamp-sheet.pdf');
    const text = pdfText(file);
    for (const s of [
      '用印申请审批单',
      '编号：YY',
      '用印事由',
      REASON.slice(0, 10),
      '合同专用章',
      '审批意见',
      '同意用印，请按规定登记',
      '王建国',
      '刘小雨',
    ])
      expect(text, s).toContain(s);
    expect(text.indexOf('用印事由')).toBeLessThan(text.indexOf('印章类型'));
    expect(text.indexOf('提交申请')).toBeLessThan(text.indexOf('同意用印'));
    // the QR code and the leader's signature
    expect(pdfImages(file)).toEqual(['240x240', '480x160']);
    expect(fs.existsSync(file.replace(/\.pdf$/, '-1.png'))).toBe(true);
  });

  test('a 收文 prints its 处理笺', async ({ page }) => {
    await login(page, 'staff');
    const path = 'api/auth/oa/documents/list?kind=receipt&box=involved&status=done&pageNumber=1&pageSize=5';
    const list = await (await page.request.get(path, { headers: await signedHeaders(page, path) })).json();
    const doc = list.data.list[0] as { id: string; title: string; serialNo: string };
    await page.goto(`receiptPreview?id=${doc.id}`);
    await expect(page.getByTestId('doc-preview')).toBeVisible();
    await expect(page.getByTestId('print-sheet-button')).toHaveText(/打印处理笺/);
    const text = pdfText(await printPdf(page, 'receipt-sheet.pdf'));
    for (const s of ['收文处理笺', doc.serialNo, '来文单位', '审批意见', '登记']) expect(text, s).toContain(s);
    expect(text).toContain(doc.title.slice(0, 12));
  });
});
