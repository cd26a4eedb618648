import { expect, test, type Locator, type Page } from './support/fixtures';
import ExcelJS from 'exceljs';
import { loginAt, leave } from './support/session';

/**
 * Registers (issue 6) clicked through in Chromium: phone bills (add, search, edit, delete with
 * confirmation, import with a bad row and its report, export), express deliveries, licences with
 * lending, private notes, and the bulletin board with its publish status.
 */

const OK = /确\s*定/;
const drawer = (page: Page) => page.getByRole('dialog', { name: /^(新增|编辑)/ });
const listOf = (page: Page, code: string) => page.getByTestId(`register-list-${code}`);
const rowWith = (page: Page, code: string, text: string) => listOf(page, code).locator('.ant-table-row').filter({ hasText: text });

/** Picks an option of an antd Select (typing it first for searchable ones: people, departments). */
async function pick(page: Page, scope: Locator, label: string, option: string, search = false): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option, .ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: option })
    .first()
    .click();
}
async function typeDate(scope: Locator, label: string, text: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}
async function saveDrawer(page: Page): Promise<void> {
  await drawer(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(drawer(page)).toBeHidden();
}
async function confirmDelete(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: /删\s*除/ }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('温馨提示');
  await dialog.getByRole('button', { name: /删\s*除/ }).click();
  await expect(row).toHaveCount(0);
}

async function telSheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('话费');
  ws.addRow(['账单月份', '电话号码', '号码类型', '运营商', '使用人', '使用部门', '套餐名称', '话费金额', '报销标准', '缴费日期', '备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('registers', () => {
  // each journey is a dozen form steps: the slow timeout, so a busy machine does not cut one off near its end
  test.beforeEach(() => test.slow());
  test('phone bills: add, search, edit, delete, import with a bad row, export', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'admin', 'TelManage');
    await expect(listOf(page, 'office_tel')).toBeVisible();

    await listOf(page, 'office_tel')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const d = drawer(page);
    await typeDate(d, '账单月份', '2026-05');
    await d.getByLabel('电话号码', { exact: true }).fill('13912345678');
    await pick(page, d, '号码类型', '手机');
    await pick(page, d, '运营商', '中国移动');
    await pick(page, d, '使用人', '刘小雨', true);
    await d.getByLabel('话费金额', { exact: true }).fill('120.5');
    await d.getByLabel('报销标准', { exact: true }).fill('100');
    await saveDrawer(page);
    await expect(rowWith(page, 'office_tel', '13912345678')).toContainText('20.50');

    // search
    const filters = listOf(page, 'office_tel').locator('.oa-module-filters');
    await filters.getByLabel('电话号码', { exact: true }).fill('13912345678');
    await filters.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(listOf(page, 'office_tel').locator('.ant-table-row')).toHaveCount(1);

    // edit
    await rowWith(page, 'office_tel', '13912345678')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await drawer(page).getByLabel('话费金额', { exact: true }).fill('130');
    await saveDrawer(page);
    await expect(rowWith(page, 'office_tel', '13912345678')).toContainText('130.00');

    // delete after the confirm dialog
    await confirmDelete(page, rowWith(page, 'office_tel', '13912345678'));
    await filters.getByRole('button', { name: /重\s*置/ }).click();

    // import: one bad row → the report names it, nothing imported; then skip it
    const file = await telSheet([
      ['2026-04', '13900000001', '手机', '中国移动', 'staff', '办公室', '', 88, 80, '2026-05-06', ''],
      ['2026-04', '123', '手机', '中国联通', 'staff', '办公室', '', 50, 80, '', ''],
      ['2026-04', '010-68594321', '固定电话', '中国电信', '刘小雨', '', '', 66.6, '', '', ''],
    ]);
    await listOf(page, 'office_tel')
      .getByRole('button', { name: /导\s*入/ })
      .click();
    const modal = page.locator('.ant-modal').filter({ hasText: '导入话费管理' });
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: '话费.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await modal.getByTestId('import-run').click();
    const report = modal.getByTestId('import-report');
    await expect(report).toContainText('未导入任何数据');
    await expect(report.locator('.ant-table-row').first()).toContainText('第 3 行');
    await expect(report.locator('.ant-table-row').first()).toContainText('电话号码');
    await modal.getByText('跳过有错误的行，导入其余有效行').click();
    await modal.getByTestId('import-run').click();
    await expect(report).toContainText('已导入 2 条');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect(rowWith(page, 'office_tel', '010-68594321')).toHaveCount(1);
    await expect(rowWith(page, 'office_tel', '13900000001')).toHaveCount(1);

    // export of the list
    const download = page.waitForEvent('download');
    await listOf(page, 'office_tel')
      .getByRole('button', { name: /导\s*出/ })
      .click();
    expect((await download).suggestedFilename()).toBe('话费管理.xlsx');
  });

  test('express deliveries: add, search by tracking number, delete', async ({ page }) => {
    await loginAt(page, 'admin', 'Express');
    await listOf(page, 'office_express')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const d = drawer(page);
    await pick(page, d, '收发类型', '收件');
    await typeDate(d, '登记日期', '2026-05-08');
    await pick(page, d, '快递公司', '顺丰速运');
    await d.getByLabel('快递单号', { exact: true }).fill('SF1234567890');
    await pick(page, d, '本单位收/寄件人', '刘小雨', true);
    await pick(page, d, '状态', '待领取');
    await saveDrawer(page);
    const filters = listOf(page, 'office_express').locator('.oa-module-filters');
    await filters.getByLabel('快递单号', { exact: true }).fill('SF1234567890');
    await filters.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(listOf(page, 'office_express').locator('.ant-table-row')).toHaveCount(1);
    await confirmDelete(page, rowWith(page, 'office_express', 'SF1234567890'));
  });

  test('licences: add, lend and give back', async ({ page }) => {
    await loginAt(page, 'admin', 'License');
    await listOf(page, 'biz_license')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const d = drawer(page);
    await d.getByLabel('证照名称', { exact: true }).fill('社会团体法人登记证书');
    await pick(page, d, '证照类型', '社会团体法人登记证书');
    await d.getByLabel('证照编号', { exact: true }).fill('51100000500000123X');
    await pick(page, d, '正副本', '正本');
    await pick(page, d, '保管人', '刘小雨', true);
    await saveDrawer(page);
    const row = rowWith(page, 'biz_license', '51100000500000123X');
    await expect(row).toContainText('在库');

    await row.getByRole('button', { name: /借\s*出/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '借用事由' });
    await pick(page, modal, '借用人', '刘小雨', true);
    await typeDate(modal, '借出日期', '2026-05-08');
    await typeDate(modal, '预计归还日期', '2026-05-10');
    await modal.getByLabel('借用事由', { exact: true }).fill('办理银行开户');
    await modal.getByRole('button', { name: OK }).click();
    await expect(row).toContainText('已借出');

    await row.getByRole('button', { name: /归\s*还/ }).click();
    const back = page.locator('.ant-modal').filter({ hasText: '归还日期' });
    await typeDate(back, '归还日期', '2026-05-09');
    await back.getByRole('button', { name: OK }).click();
    await expect(row).toContainText('在库');
  });

  test('notes are private to their owner', async ({ page }) => {
    await loginAt(page, 'staff', 'Note');
    await listOf(page, 'office_note')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const d = drawer(page);
    await d.getByLabel('标题', { exact: true }).fill('周五前提交季度总结');
    await pick(page, d, '分类', '待办');
    await typeDate(d, '日期', '2026-05-08');
    await d.getByLabel('内容', { exact: true }).fill('总结本季度的会员服务工作');
    await saveDrawer(page);
    await expect(rowWith(page, 'office_note', '周五前提交季度总结')).toHaveCount(1);
    await leave(page);

    await loginAt(page, 'admin', 'Note');
    await expect(listOf(page, 'office_note')).toBeVisible();
    await expect(listOf(page, 'office_note').locator('.ant-table-tbody')).not.toContainText('周五前提交季度总结');
  });

  test('bulletin board: the office publishes, staff read', async ({ page }) => {
    await loginAt(page, 'admin', 'bulletinBoard');
    await listOf(page, 'hr_bulletin')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await expect(page).toHaveURL(/bulletinBoardEdit/);
    const form = page.getByTestId('register-edit-hr_bulletin');
    await form.getByLabel('标题', { exact: true }).fill('第19周工作安排');
    await pick(page, form, '安排类型', '周工作安排');
    await pick(page, form, '发布部门', '办公室', true);
    await typeDate(form, '开始日期', '2026-05-11');
    await typeDate(form, '结束日期', '2026-05-15');
    await form.getByLabel('安排内容', { exact: true }).fill('周一上午九点召开办公会；周三下午会员服务培训。');
    await form.getByRole('button', { name: '保存并发布' }).click();
    await expect(page).toHaveURL(/bulletinBoard$/);
    await expect(rowWith(page, 'hr_bulletin', '第19周工作安排')).toContainText('已发布');
    await leave(page);

    await loginAt(page, 'staff', 'bulletinBoard');
    await expect(rowWith(page, 'hr_bulletin', '第19周工作安排')).toHaveCount(1);
    await expect(listOf(page, 'hr_bulletin').getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  });
});
