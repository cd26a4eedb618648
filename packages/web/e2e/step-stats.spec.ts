import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from './support/fixtures';
import { loginAt, tab } from './support/session';

/**
 * Time on every step (issue 38): an administrator opens 流程管理 › 流程用时 (/workflow/stats), sees the demo figures of a process
 * (each step's count, median and 90% time, the slowest people, the chart; by month and by department),
 * filters by department and exports the figures as .xlsx. It reads only; nothing it does changes demo state.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

test('an administrator reads the time on every step of a process and exports it', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAt(page, 'admin', 'workflow/stats');
  // the page is a menu function of the administrator: its tab carries the menu's name
  await expect(tab(page, '/workflow/stats')).toContainText('流程用时');
  const view = page.getByTestId('step-stats-page');
  await expect(view).toBeVisible();
  // the first published process is chosen; the demo history gives its steps figures
  const steps = view.locator('.ant-card').filter({ hasText: '各步骤用时' }).locator('.ant-table-tbody tr.ant-table-row');
  await expect(steps.first()).toBeVisible();
  await expect(steps.first().locator('td').nth(1)).not.toHaveText('0');
  await expect(steps.first()).toContainText(/小时|分钟|天/);
  await expect(view.getByTestId('step-stats-chart').locator('canvas')).toBeVisible();
  await view.getByRole('tab', { name: '按部门' }).click();
  const deptRows = view.getByRole('tabpanel', { name: '按部门' }).locator('.ant-table-row');
  await expect(deptRows.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('step-stats.png'), fullPage: true });

  // one department: the busiest one of the process
  const dept = (await deptRows.first().locator('td').first().innerText()).trim();
  await view.getByRole('combobox', { name: '部门' }).click();
  await page.keyboard.type(dept);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: dept }).first().click();
  await expect(deptRows).toHaveCount(1);
  await expect(deptRows.first()).toContainText(dept);

  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/用时统计（\d{4}-\d{2}至\d{4}-\d{2}）\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('各步骤')!;
  expect(sheet.getRow(2).values).toContain('中位用时');
  expect(sheet.rowCount).toBeGreaterThan(2);
  expect(wb.getWorksheet('按部门')!.getRow(3).getCell(1).value).toBe(dept);
});
