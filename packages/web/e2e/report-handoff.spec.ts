import { expect, test } from './support/fixtures';
import { loginAt } from './support/session';

test.describe('report tools hand-off', () => {
  test('without a configured report tool, /toIrpt and /toAbi say so clearly', async ({ page }) => {
    await loginAt(page, 'admin', 'toIrpt');
    await expect(page.getByTestId('report-handoff')).toContainText('无法打开报表中心');
    await expect(page.getByTestId('report-handoff')).toContainText('未配置报表工具');
    await page.goto('toAbi');
    await expect(page.getByTestId('report-handoff')).toContainText('无法打开数据分析');
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/oa\/dashboard/);
  });
});
