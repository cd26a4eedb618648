import { expect as baseExpect, test, type Locator, type Page } from './support/fixtures';
import ExcelJS from 'exceljs';
import { signRequest } from '@oa/shared/crypto/signature';
import { leave, loginAt } from './support/session';

/**
 * Weekly reports, salary slips and supervision (issue 16) clicked through in Chromium:
 * two departments write their weekly sections, the editor compiles, publishes and exports;
 * finance imports a salary Excel with an unmatched row (refused, named), fixes it and sends, staff confirms
 * identity and sees only their own slip; a supervision task is assigned, reported at 50 %, turns red once
 * the clock passes its due date, and is closed.
 */
/** the machine running e2e may be busy: allow slow renders */
const expect = baseExpect.configure({ timeout: 30_000 });
const OK = /确\s*定/;
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}
/** Confirms the open confirmation box and waits until it has closed (a click during its opening animation is lost). */
async function confirmModal(page: Page): Promise<void> {
  const modal = page.locator('.ant-modal-confirm');
  await expect(async () => {
    if (await modal.isVisible()) await modal.getByRole('button', { name: OK }).click({ timeout: 2_000 });
    await expect(modal).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
async function salarySheet(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工资');
  ws.addRow(['工号', '姓名', '手机号', '银行卡号', '基本工资', '绩效工资', '加班费', '实发工资']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('office: weekly, salary, supervision', () => {
  test('two departments write their weekly sections; the editor compiles, publishes and exports', async ({ page }) => {
    test.setTimeout(300_000);
    for (const [user, text] of [
      ['staff', '办公室：完成年会筹备方案'],
      ['zhangwei', '行业发展部：召开产业链研讨会'],
    ] as const) {
      await loginAt(page, user, 'weelky');
      await page.getByTestId('weekly-list-page').getByRole('button', { name: '填写本部门周报' }).first().click();
      const col = page.getByTestId('weekly-column-重点工作');
      await col.getByRole('button', { name: '添加条目' }).click();
      await col.getByPlaceholder('重点工作第 1 条').fill(text);
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await expect(page.getByText('提交成功')).toBeVisible();
      await leave(page);
    }

    await loginAt(page, 'chenjing', 'weelkyIntegrateEdit');
    const status = page.getByTestId('weekly-dept-status');
    await expect(status.locator('.ant-table-row').filter({ hasText: '办公室' })).toContainText(/已提交|逾期提交/);
    await expect(status.locator('.ant-table-row').filter({ hasText: '财务部' })).toContainText('未填写');
    await status.getByRole('button', { name: '提醒未提交部门' }).click();
    await expect(page.getByText(/已提醒 \d+ 人/)).toBeVisible();
    await page.getByRole('button', { name: '全部加入' }).click();
    const focus = page.getByTestId('compile-column-重点工作');
    await expect(focus.locator('textarea')).toHaveCount(3); // D01, D02 and the seeded D03 item
    await focus.locator('textarea').filter({ hasText: '办公室：完成年会筹备方案' }).fill('办公室：完成年会筹备方案，报秘书长审定');
    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    await confirmModal(page);
    await expect(page.getByText('发布成功')).toBeVisible();

    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByTestId('weekly-preview-page');
    await expect(preview).toContainText('一、重点工作');
    await expect(preview).toContainText('【办公室】办公室：完成年会筹备方案，报秘书长审定');
    await expect(preview).toContainText('【行业发展部】行业发展部：召开产业链研讨会');
    for (const [button, ext] of [
      ['导出 Word', 'docx'],
      ['导出 PDF', 'pdf'],
    ] as const) {
      const download = page.waitForEvent('download');
      await preview.getByRole('button', { name: button }).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`周报.*\\.${ext}$`));
    }
    await page.screenshot({ path: test.info().outputPath('weekly-preview.png'), fullPage: true });
  });

  test('finance imports salary slips with an unmatched row, fixes it and sends; staff sees only their own', async ({ page }) => {
    test.setTimeout(300_000);
    await loginAt(page, 'huangli', 'salary');
    await page.getByRole('tab', { name: '工资发放' }).click();
    const manage = page.getByTestId('salary-manage');
    const month = manage.locator('.ant-picker input');
    await month.click();
    await month.fill('2025-12');
    await month.press('Enter');
    const file = manage.locator('input[type=file]');
    await file.setInputFiles({
      name: '2025年12月工资.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await salarySheet([
        ['staff', '刘小雨', '', '6222020200112233445', 6000, 2000, 0, 8000],
        ['', '陈静', '15021320624', '6222020200199998888', 7000, 2500, 300, 9800],
        ['', '赵不存在', '13000000000', '', 5000, 1000, 0, 6000],
      ]),
    });
    const unmatched = page.getByTestId('salary-unmatched');
    await expect(unmatched).toContainText('第 4 行：姓名“赵不存在”与手机号“13000000000”未匹配到人员');
    const row = manage.locator('.ant-table-row').filter({ hasText: '2025年12月工资条' });
    await row.getByRole('button', { name: /^发\s*送$/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: OK }).click();
    await expect(page.getByText('还有 1 行未匹配到人员，全部匹配后才能发送')).toBeVisible();

    await row.getByRole('button', { name: '重新导入' }).click();
    await file.setInputFiles({
      name: '2025年12月工资（修正）.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await salarySheet([
        ['staff', '刘小雨', '', '6222020200112233445', 6000, 2000, 0, 8000],
        ['', '陈静', '15021320624', '6222020200199998888', 7000, 2500, 300, 9800],
      ]),
    });
    await expect(page.getByText('导入成功，共 2 人')).toBeVisible();
    await row.getByRole('button', { name: /^发\s*送$/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: OK }).click();
    await expect(row).toContainText('已发送');
    await leave(page);

    await loginAt(page, 'staff', 'salary');
    const verify = page.getByTestId('salary-verify');
    await verify.getByPlaceholder('请输入登录密码').fill('wrong-password');
    await verify.getByRole('button', { name: '验证并查看' }).click();
    await expect(page.getByText('密码错误')).toBeVisible();
    await verify.getByPlaceholder('请输入登录密码').fill('Oa@123456');
    await verify.getByRole('button', { name: '验证并查看' }).click();
    const mine = page.getByTestId('salary-mine');
    const dec = mine.locator('.ant-table-row').filter({ hasText: '2025-12' });
    await expect(dec).toHaveCount(1);
    await dec.getByRole('button', { name: /查\s*看/ }).click();
    const slip = page.getByTestId('salary-slip');
    await expect(slip).toContainText('刘小雨');
    await expect(slip).toContainText('6222 **** **** 3445');
    await expect(slip).toContainText('8000');
    await expect(slip).not.toContainText('加班费'); // a zero item is hidden
    await expect(slip).not.toContainText('陈静');
    await page.getByRole('button', { name: '确认无误' }).click();
    await expect(page.getByText(/已于 .* 确认/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('salary-slip.png') });
  });

  test('a supervision task is assigned, reported at 50 %, turns red when overdue, and is closed', async ({ page }) => {
    test.setTimeout(300_000);
    const due = ymd(Date.now() + 5 * DAY);
    const link = encodeURIComponent('/meeting/detail?id=m-2026-11');
    await loginAt(
      page,
      'leader',
      `supervise/edit?sourceType=meeting&sourceId=m-2026-11&sourceTitle=${encodeURIComponent('第十一次办公会决议')}&sourceLink=${link}`,
    );
    const form = page.getByTestId('supervise-edit-page');
    await expect(form).toContainText('来源：会议决议 · 第十一次办公会决议');
    await form.getByLabel('督办内容及要求').fill('按办公会决议完成平台上线培训方案并组织实施。');
    await pick(page, form, '牵头部门', '办公室');
    await pick(page, form, '责任人', '刘小雨');
    const dueInput = form.getByLabel('办结期限');
    await dueInput.click();
    await dueInput.fill(due);
    await dueInput.press('Enter');
    await form.getByRole('button', { name: /交\s*办/ }).click();
    const exec = page.getByTestId('supervise-exec-page');
    await expect(exec).toContainText('落实：第十一次办公会决议');
    await expect(exec.getByRole('link', { name: '第十一次办公会决议' })).toHaveAttribute('href', '/oa/meeting/detail?id=m-2026-11');
    await leave(page);

    await loginAt(page, 'staff', 'supervise/execList');
    // newest first: a retry's own task, not the first try's
    await page.getByTestId('supervise-exec-list-page').getByRole('link', { name: '落实：第十一次办公会决议' }).first().click();
    const actions = page.getByTestId('supervise-actions');
    await actions.getByRole('button', { name: /接\s*收/ }).click();
    await expect(page.getByText('已接收')).toBeVisible();
    await actions.getByRole('button', { name: '报告进展' }).click();
    const dlg = page.getByRole('dialog', { name: '报告进展' });
    await dlg.getByLabel('完成进度（%）').fill('50');
    await dlg.getByLabel('进展情况').fill('培训方案已完成，正在安排场地。');
    await dlg.getByRole('button', { name: OK }).click();
    await expect(page.getByTestId('supervise-exec-page').locator('.ant-descriptions')).toContainText('50%');
    await leave(page);

    // the clock moves past the due date; requests are re-signed with the real time (the server allows ±5 min)
    await page.clock.setFixedTime(new Date(Date.now() + 7 * DAY)); // Date only: timers keep running
    await page.route('**/oa/api/**', async (route) => {
      const h = route.request().headers();
      if (!h['auth-signature']) return route.continue();
      const ts = String(Date.now());
      const pathname = new URL(route.request().url()).pathname;
      return route.continue({
        headers: {
          ...h,
          'auth-timestamp': ts,
          'auth-signature': await signRequest(process.env.OA_SIGN_SECRET ?? 'oa-dev-sign-secret', pathname, ts, h['auth-appid']),
        },
      });
    });
    await loginAt(page, 'leader', 'SuperviseManage');
    const manage = page.getByTestId('supervise-manage-page');
    const row = manage.locator('.ant-table-row').filter({ hasText: '落实：第十一次办公会决议' }).first();
    await expect(row.getByTestId('supervise-color-red')).toHaveText('已超期');
    await expect(row).toHaveClass(/supervise-row-red/);
    await page.screenshot({ path: test.info().outputPath('supervise-manage.png'), fullPage: true });
    await row.getByRole('button', { name: '催办' }).click();
    await expect(page.getByText('已催办（待办消息与短信）')).toBeVisible();
    await row.getByRole('link', { name: '落实：第十一次办公会决议' }).click();
    await page
      .getByTestId('supervise-actions')
      .getByRole('button', { name: /办\s*结/ })
      .click();
    await confirmModal(page);
    await expect(page.getByTestId('supervise-exec-page').locator('.ant-descriptions')).toContainText('已办结');
  });
});
