import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { leave, login, loginAt } from './support/session';
import { submitStamp } from './support/stamp-application';

/**
 * Issue 38, Word templates of the printed sheets: the administrator uploads a template made here (the `docx`
 * package, as one would type it in Word), is told which tag of a broken one is wrong, previews the good one with a
 * real seal-use application, and the applicant's 打印 → Word then comes from the template. The template is removed
 * at the end, so the later specs print the default sheet.
 */
const REASON = `模板打印用印事由 ${Date.now().toString(36)}`;
const COMMENT = '同意，按模板打印';

const p = (text: string) => new Paragraph({ children: [new TextRun({ text, font: { eastAsia: '宋体' } })] });
const cell = (text: string) => new TableCell({ width: { size: 1800, type: WidthType.DXA }, children: [p(text)] });
async function template(head: string[], withTable = true): Promise<Buffer> {
  const table = new Table({
    rows: [
      new TableRow({ children: [cell('用印事由'), cell('{用印事由}')] }),
      new TableRow({ children: [cell('印章'), cell('{sealType}（{用印份数}）')] }),
      new TableRow({ children: [cell('{#审批意见}{环节}'), cell('{办理人}'), cell('{办理结果}：{意见}'), cell('{时间}{/审批意见}')] }),
    ],
  });
  return Packer.toBuffer(new Document({ sections: [{ children: [...head.map(p), ...(withTable ? [table] : [])] }] }));
}
/** The text of a .docx's document part. */
const docxText = (file: string) => execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, '');

test.describe('Word templates of the printed sheets', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the administrator uploads and previews a template; the applicant prints Word from it', async ({ page }) => {
    await login(page, 'staff');
    const id = await submitStamp(page, { reason: REASON, seal: '公章', copies: 4, fileName: '模板测试文件', attachment: '文件.pdf' });
    const serialNo = (await page.getByTestId('module-preview-oa_stamp').textContent())!.match(/YY\d+/)![0];
    await leave(page);
    await loginAt(page, 'leader', `stampPreview?id=${id}`);
    const lp = page.getByTestId('module-preview-oa_stamp');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('审批意见').fill(COMMENT);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await leave(page);

    await loginAt(page, 'admin', 'printTemplate');
    const pageBox = page.getByTestId('print-templates-page');
    await pageBox.getByRole('row').filter({ hasText: '用印申请审批单' }).click();
    await page.getByRole('tab', { name: '占位符说明' }).click();
    await expect(page.getByTestId('placeholders-head')).toContainText('{用印事由}');
    await expect(page.getByTestId('placeholders-opinion')).toContainText('{%签名}');
    await page.screenshot({ path: test.info().outputPath('print-template-placeholders.png') });
    await page.getByRole('tab', { name: '模板文件' }).click();
    const input = pageBox.locator('input[type=file]');
    // a broken tag is refused, naming it
    await input.setInputFiles({ name: '坏模板.docx', mimeType: 'application/octet-stream', buffer: await template(['{编号'], false) });
    await expect(page.locator('.ant-message')).toContainText('占位符“{编号”缺少右括号');
    await input.setInputFiles({
      name: '用印模板.docx',
      mimeType: 'application/octet-stream',
      buffer: await template(['协会用印审批表（模板）', '编号：{编号}', '申请人：{申请人}', '{%二维码}']),
    });
    await expect(page.getByTestId('template-current')).toContainText('用印模板.docx');

    await page.getByRole('tab', { name: '预览' }).click();
    const preview = page.getByTestId('template-preview');
    await preview.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: serialNo }).click();
    await preview.getByRole('button', { name: /预\s*览/ }).click();
    const frame = page.frameLocator('[data-testid=template-preview-frame]');
    await expect(frame.locator('body')).toContainText(REASON);
    await expect(frame.locator('body')).toContainText(COMMENT);
    await expect(frame.locator('img')).toHaveCount(1);
    await expect(preview).toContainText('PDF 仍按默认审批单生成');
    await page.screenshot({ path: test.info().outputPath('print-template-preview.png') });
    await page.getByTestId('template-preview-frame').screenshot({ path: test.info().outputPath('print-template-filled.png') });
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: '下载 Word' }).click();
    const previewFile = test.info().outputPath('preview.docx');
    await (await download).saveAs(previewFile);
    const previewText = docxText(previewFile);
    for (const s of ['协会用印审批表（模板）', `编号：${serialNo}`, REASON, '公章（4 份）', '王建国', COMMENT])
      expect(previewText, s).toContain(s);
    await leave(page);

    // the applicant's Word print now comes from the template
    await loginAt(page, 'staff', `stampPreview?id=${id}`);
    await page.getByTestId('print-sheet-button').hover();
    const printed = page.waitForEvent('download');
    await page.locator('.ant-dropdown:visible').getByText('Word（可编辑）').click();
    const file = test.info().outputPath('printed.docx');
    await (await printed).saveAs(file);
    const text = docxText(file);
    for (const s of ['协会用印审批表（模板）', `编号：${serialNo}`, '申请人：刘小雨', REASON, `同意：${COMMENT}`])
      expect(text, s).toContain(s);
    expect(text).not.toContain('{');
    expect(execFileSync('unzip', ['-l', file], { encoding: 'utf8' })).toMatch(/word\/media\/\S+\.png/);
    await leave(page);

    // removed again: the default sheet prints for everyone after this spec
    await loginAt(page, 'admin', 'printTemplate');
    await page.getByTestId('print-templates-page').getByRole('row').filter({ hasText: '用印申请审批单' }).click();
    await page.getByRole('button', { name: '删除模板' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(page.getByTestId('template-current')).toContainText('未上传');
    expect(fs.existsSync(test.info().outputPath('print-template-preview.png'))).toBe(true);
  });
});
