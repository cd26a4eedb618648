import { expect, test } from './support/fixtures';
import { loginAt } from './support/session';

test.describe('数据备份', () => {
  test('the administrator opens the page, starts a backup and sees it listed as verified', async ({ page }) => {
    await loginAt(page, 'admin', 'backups');
    const view = page.getByTestId('backups-page');
    await expect(view.getByText('数据备份', { exact: true })).toBeVisible();
    await expect(view.getByText('定时备份', { exact: true })).toBeVisible();
    const rows = view.locator('.ant-table-tbody tr.ant-table-row');
    const before = await rows.count();

    await view.getByRole('button', { name: '立即备份' }).click();
    await expect(page.getByText('已开始备份，完成后会自动校验')).toBeVisible();
    await expect(rows).toHaveCount(before + 1, { timeout: 30_000 });
    const newest = rows.first();
    await expect(newest.getByText('手动')).toBeVisible();
    await expect(newest.getByText('已校验')).toBeVisible({ timeout: 30_000 });
    await expect(view.getByRole('button', { name: '立即备份' })).toBeEnabled();

    // a check on demand, by the row's action
    await newest
      .getByRole('button', { name: '校 验' })
      .or(newest.getByRole('button', { name: '校验' }))
      .click();
    await expect(page.getByText('备份完好')).toBeVisible();
  });
});
