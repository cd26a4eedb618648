import { execFile } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './support/fixtures';
import { e2eDataDir } from './support/e2e-env';
import { loginAt, openAs } from './support/session';
import { signedHeaders } from './support/signed-api';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** `npm run audit:verify` on the e2e server's data directory (the compiled command, as production runs it). */
const verifyCommand = () =>
  new Promise<{ code: number; out: string }>((resolve) =>
    execFile(
      process.execPath,
      [path.join(REPO, 'packages/server/dist/audit-verify-cli.mjs')],
      { cwd: REPO, env: { ...process.env, OA_DATA_DIR: e2eDataDir('main'), DATABASE_URL: '' }, timeout: 120_000 },
      (error, out) => resolve({ code: error ? Number(error.code ?? 1) : 0, out }),
    ),
  );

/** What someone with the database file does: switch the append-only trigger off, change a row's target, switch it on again. */
function tamper(seq: number, change: (target: string) => string) {
  const db = new Database(path.join(e2eDataDir('main'), 'oa.db'), { timeout: 10_000 });
  try {
    const trigger = (
      db.prepare(`select sql from sqlite_master where type = 'trigger' and name = 'sys_audit_no_update'`).get() as { sql: string }
    ).sql;
    db.transaction(() => {
      db.exec('DROP TRIGGER sys_audit_no_update');
      const row = db.prepare('select target from sys_audit where seq = ?').get(seq) as { target: string };
      db.prepare('update sys_audit set target = ? where seq = ?').run(change(row.target), seq);
      db.exec(trigger);
    })();
  } finally {
    db.close();
  }
}

test.describe('安全审计', () => {
  test.use({ actionTimeout: 15_000 });

  test('the audit administrator sees a change made a second earlier, can change nothing, and a tampered row is named', async ({
    page,
    browser,
  }) => {
    test.slow();
    const code = `e2e_audit_${Date.now().toString(36)}`;
    const admin = await openAs(browser, 'admin');
    const api = 'api/auth/oa/dept/insert';
    const made = await admin.request.post(api, {
      headers: await signedHeaders(admin, api),
      data: { deptCode: code, deptName: '审计演示部', sortNo: 990 },
    });
    expect((await made.json()).code).toBe(0);
    await admin.context().close();

    await loginAt(page, 'auditor', 'auditLog');
    await page.getByLabel('对象').fill(code);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('部门新增');
    await expect(row).toContainText('admin');
    await expect(row).toContainText('成功');
    // reading, verifying and exporting only: no button that changes anything
    await expect(page.getByRole('button', { name: /新增|删除|编辑|保存|修改/ })).toHaveCount(0);
    await row.getByRole('button', { name: /详情|查看变更/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '审计记录详情' });
    await expect(drawer).toContainText('审计演示部');
    await expect(drawer).toContainText('链上哈希（SM3）');
    const seq = Number(await row.locator('td').first().innerText());
    await page.screenshot({ path: test.info().outputPath('audit-detail.png') });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: /校验完整性/ }).click();
    await expect(page.locator('.ant-alert-success')).toContainText('审计链完整');

    tamper(seq, (target) => `${target}-改`);
    try {
      await page.getByRole('button', { name: /校验完整性/ }).click();
      await expect(page.locator('.ant-alert-error')).toContainText(`审计链在第 ${seq} 条`);
      await page.screenshot({ path: test.info().outputPath('audit-broken.png') });
      const cli = await verifyCommand();
      expect(cli.code).toBe(2);
      expect(cli.out).toContain(`第 ${seq} 条`);
    } finally {
      tamper(seq, (target) => target.replace(/-改$/, '')); // the row as it was: the chain is whole again for the rest of the run
    }
    await page.getByRole('button', { name: /校验完整性/ }).click();
    await expect(page.locator('.ant-alert-success')).toContainText('审计链完整');
  });
});
