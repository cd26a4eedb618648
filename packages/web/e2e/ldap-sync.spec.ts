import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { SLAPD_BIN, ouLdif, personLdif, startSlapd, type RunningSlapd } from '@oa/shared/test/slapd-kit';
import { E2E_LDAP_PORT, E2E_RESULTS_DIR } from './support/e2e-env';
import { loginAt, submitLogin } from './support/session';

/**
 * 目录同步 against a real OpenLDAP: the spec starts slapd on the port the e2e server is configured with, the
 * administrator previews (nothing written) and syncs, and a synced person logs in with the directory password. The
 * people carry the try's time in their names, so a retry never meets the accounts of the first try.
 */
test.describe('目录同步', () => {
  let ldap: RunningSlapd;
  const tag = String(Date.now() % 1_000_000);
  const dept = `外联${tag}`;
  const people = [
    { uid: `dir${tag}a`, cn: '目录同步甲', password: `Dir#${tag}a`, ou: dept },
    { uid: `dir${tag}b`, cn: '目录同步乙', password: `Dir#${tag}b`, ou: dept, mobile: `139${tag.padStart(8, '0')}` },
  ];
  test.beforeAll(async () => {
    // Debian's slapd is needed; under CI=true it always runs (.ci/run installs it), elsewhere it is skipped without it
    test.skip(!SLAPD_BIN && process.env.CI !== 'true', 'slapd is not installed (apt-get install slapd ldap-utils)');
    ldap = await startSlapd([ouLdif(dept), ...people.map(personLdif)].join('\n'), { port: E2E_LDAP_PORT });
  });
  test.afterAll(async () => ldap?.stop());

  test('the administrator previews, then syncs, and a synced person logs in with the directory password', async ({ page }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await loginAt(page, 'admin', 'ldapSync');
    const view = page.getByTestId('ldap-sync-page');
    await expect(view.getByText('目录服务地址')).toBeVisible();

    await view.getByRole('button', { name: '预览同步' }).click();
    const result = view.getByTestId('ldap-sync-result');
    await expect(result.getByText('预览结果（尚未写入）')).toBeVisible();
    for (const p of people) await expect(result.getByRole('row', { name: new RegExp(p.uid) }).getByText('新建账号')).toBeVisible();
    await expect(result.getByRole('row', { name: new RegExp(dept) }).getByText('新建部门')).toBeVisible();
    fs.mkdirSync(E2E_RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: `${E2E_RESULTS_DIR}/ldap-sync-preview.png`, fullPage: true });

    await view.getByRole('button', { name: '立即同步' }).click();
    await expect(result.getByText(/本次同步结果：新建账号 2/)).toBeVisible();
    const newest = view.locator('.ant-table-tbody').last().locator('tr.ant-table-row').first();
    await expect(newest).toContainText('同步');
    await expect(newest).toContainText('成功');
    await page.screenshot({ path: `${E2E_RESULTS_DIR}/ldap-sync-applied.png`, fullPage: true });

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('login');
    await submitLogin(page, people[0].uid, people[0].password);
    await expect(page).toHaveURL(/\/oa\/dashboard$/, { timeout: 45_000 });
  });
});
