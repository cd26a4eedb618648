import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from './support/fixtures';
import { NGINX_BIN, startNginx, type RunningNginx } from '@oa/shared/test/nginx-kit';
import { DEMO_PASSWORD, E2E_PORT } from './support/e2e-env';
import { submitLogin } from './support/session';
import { signedHeaders } from './support/signed-api';
import { pickOption } from './support/workflow-steps';

/**
 * Issue 39: the deployment's nginx file (deploy/nginx/assoc-oa.conf, quoted in docs/deployment.md) in front of the
 * e2e server, over TLS with a self-signed certificate, used by Chromium as an association's staff would: both
 * people log in through the login form over https; a member of 党群工作部 (yuanlixin) submits a briefing with an
 * attachment uploaded in the form; the department's leader (weihongxia), on her home page, sees the new to-do
 * arrive live (the bell's count and a notice, without reloading) and downloads the attachment, byte for byte.
 * The document answers carry HSTS (the server believes the proxy's X-Forwarded-Proto: OA_TRUST_PROXY in
 * playwright.config.ts). nginx lives only as long as this file; nobody else in the e2e run uses these two people.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const SLOW = { timeout: 45_000 };
const HSTS = 'max-age=31536000; includeSubDomains';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Debian's nginx is needed; under CI=true it always runs (.ci/run installs it), elsewhere it is skipped without it
test.skip(NGINX_BIN === undefined && process.env.CI !== 'true', 'nginx is not installed (apt-get install nginx)');

let proxy: RunningNginx | undefined;
let origin = '';

test.beforeAll(async () => {
  proxy = await startNginx(E2E_PORT);
  origin = `https://127.0.0.1:${proxy.httpsPort}`;
});

test.afterAll(async () => {
  await proxy?.stop();
});

interface Person {
  context: BrowserContext;
  page: Page;
}

/** A browser of its own, on the https address of the proxy (the certificate is self-signed). */
async function personAt(browser: Browser): Promise<Person> {
  const context = await browser.newContext({
    baseURL: `${origin}/oa/`,
    ignoreHTTPSErrors: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  return { context, page: await context.newPage() };
}

/** Types the login form over https and waits for the home page. */
async function logIn(page: Page, user: string): Promise<void> {
  await page.goto('login');
  await submitLogin(page, user, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`^${origin}/oa/dashboard$`), SLOW);
  await expect(page.getByTestId('home-page')).toBeVisible(SLOW);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('through the deployment’s nginx over https: login, HSTS, a live to-do, an attachment uploaded and downloaded', async ({ browser }) => {
  const run = `${Date.now().toString(36).slice(-5)}${test.info().retry}`;
  const title = `经由代理提交的党建简报-${run}`;
  const fileName = `代理附件-${run}.txt`;
  // about 2 MB, different on every run: what comes back must be these bytes and not an earlier file's
  const content = Buffer.from(`${'经由 nginx 与 TLS 上传的附件内容。'.repeat(60)}\n${randomBytes(16).toString('hex')}\n`.repeat(800));
  expect(content.length).toBeGreaterThan(2_000_000);

  const leader = await personAt(browser); // weihongxia: leader of 党群工作部 (D08), the briefing's first approver
  const member = await personAt(browser); // yuanlixin: a member of 党群工作部
  try {
    await test.step('the page itself comes over https with HSTS (plain http to the server directly has none)', async () => {
      const answer = await leader.page.goto('login');
      expect(answer?.status()).toBe(200);
      expect(answer?.url()).toBe(`${origin}/oa/login`);
      expect(answer?.headers()['strict-transport-security']).toBe(HSTS);
      expect(answer?.headers()['server']).toBe('nginx'); // server_tokens off: no version
      const direct = await leader.context.request.get(`http://127.0.0.1:${E2E_PORT}/oa/login`);
      expect(direct.status()).toBe(200);
      expect(direct.headers()['strict-transport-security']).toBeUndefined();
    });

    await test.step('both log in through the login form; the leader’s live stream opens through the proxy', async () => {
      const stream = leader.page.waitForResponse((r) => r.url() === `${origin}/oa/api/auth/oa/process/stream`, SLOW);
      await logIn(leader.page, 'weihongxia');
      const opened = await stream;
      expect(opened.status()).toBe(200);
      expect(opened.headers()['content-type']).toContain('text/event-stream');
      await logIn(member.page, 'yuanlixin');
    });

    const bell = leader.page.getByTestId('notification-badge');
    await expect(bell).toHaveAttribute('data-count', /^\d+$/);
    const unreadBefore = Number(await bell.getAttribute('data-count'));
    // a mark on the leader's document: still there afterwards means nothing reloaded the page
    await leader.page.evaluate(() => Object.assign(window, { __sameDocument: 'yes' }));

    let recordId = '';
    await test.step('the member fills a briefing, uploads the attachment in the form and submits it', async () => {
      const page = member.page;
      await page.goto('briefingEdit');
      const edit = page.getByTestId('module-edit-oa_briefing');
      await expect(edit).toBeVisible(SLOW);
      await edit.getByLabel('简报标题', { exact: true }).fill(title);
      await edit.getByLabel('期号', { exact: true }).fill(`2026年第${run}期`);
      await pickOption(page, edit.getByLabel('简报类别', { exact: true }), '党建简报');
      await page.locator('#briefDate').click();
      await page.locator('#briefDate').fill('2026-11-27');
      await page.keyboard.press('Enter');
      await pickOption(page, edit.getByLabel('发布范围', { exact: true }), '全体人员');
      await edit.getByLabel('简报正文', { exact: true }).fill('党群工作部本月组织主题党日活动一次。');
      await edit.locator('input[type=file]').first().setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: content });
      await expect(edit.locator('.ant-upload-list-item').filter({ hasText: fileName })).toBeVisible(SLOW);
      await edit.getByRole('button', { name: /^提\s*交$/ }).click();
      await expect(page).toHaveURL(/briefingPreview\?id=R/, SLOW);
      recordId = new URL(page.url()).searchParams.get('id') ?? '';
    });

    await test.step('the leader’s open home page shows the new to-do at once, without reloading', async () => {
      const notice = leader.page.locator('.ant-notification-notice').filter({ hasText: title });
      await expect(notice).toContainText('新消息');
      await expect(bell).toHaveAttribute('data-count', String(unreadBefore + 1));
      expect(await leader.page.evaluate(() => (window as unknown as { __sameDocument?: string }).__sameDocument)).toBe('yes');
      await leader.page.screenshot({ path: test.info().outputPath('behind-nginx-live-todo.png') });
    });

    await test.step('the leader opens the to-do and downloads the attachment: the same bytes', async () => {
      const page = leader.page;
      await page.goto('process?tab=todo');
      await page.getByTestId('pending-todo').locator('tbody tr').filter({ hasText: title }).click();
      const preview = page.getByTestId('module-preview-oa_briefing');
      await expect(preview).toContainText(title, SLOW);
      const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: fileName }).click()]);
      expect(download.suggestedFilename()).toBe(fileName);
      const saved = fs.readFileSync(await download.path());
      expect(saved.length).toBe(content.length);
      expect(sha256(saved)).toBe(sha256(content));
    });

    // tidy: the member withdraws the briefing (nobody acted yet), so the leader's to-do list is as before
    const path = 'api/auth/oa/records/oa_briefing/withdraw';
    const withdrawn = await member.context.request.post(path, {
      data: { id: recordId },
      headers: await signedHeaders(member.page, path, member.context.request),
    });
    const json = (await withdrawn.json()) as { code: number; message: string };
    expect(json.code, json.message).toBe(0);
  } finally {
    await leader.context.close();
    await member.context.close();
  }
});
