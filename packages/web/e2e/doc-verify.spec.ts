import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DOC_API } from '@oa/shared/contract/documents';
import { expect as baseExpect, test } from './support/fixtures';
import { signedDispatch } from './support/signed-dispatch';
import { openAs } from './support/session';
import { api, signedHeaders } from './support/signed-api';
import { E2E_RESULTS_DIR } from './support/e2e-env';
import { watchA11y } from './support/a11y-watch';
import { pdfQr } from '../../server/test/pdf-read';

/**
 * Issue 37, documents that leave the building: a dispatch signed through its process is numbered and printed; the
 * issued PDF carries a QR code to its public verification page, which a person without a login opens, and which
 * accepts the issued file and rejects a copy with one byte changed.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const P = (p: string) => p.replace(/^\//, '');

test('an issued dispatch is verified by anyone: the issued PDF is accepted, a copy with one byte changed is not', async ({ browser }) => {
  test.setTimeout(300_000);
  const id = await signedDispatch(
    browser,
    '关于核验协会电子公文的通知',
    '<p>协会印发的公文均附验证二维码，扫码可核对文件是否为正式印发版本。</p>',
  );

  const clerk = await openAs(browser, 'zhaolei');
  const numbered = await api(clerk, 'POST', P(DOC_API.number), { id });
  expect(numbered.code, numbered.message).toBe(0);
  const printed = await api(clerk, 'POST', P(DOC_API.print), { id });
  expect(printed.code, printed.message).toBe(0);
  const url = `api/auth/base/system/file/download?filePath=${printed.data.fileId}`;
  const pdf = await (await clerk.request.get(url, { headers: await signedHeaders(clerk, url) })).body();
  await clerk.context().close();
  const file = path.join(E2E_RESULTS_DIR, 'doc-verify-issued.pdf');
  const changed = path.join(E2E_RESULTS_DIR, 'doc-verify-changed.pdf');
  fs.mkdirSync(E2E_RESULTS_DIR, { recursive: true });
  fs.writeFileSync(file, pdf);
  const copy = Buffer.from(pdf);
  copy[7] = copy[7] === 0x37 ? 0x36 : 0x37; // %PDF-1.x: one byte inside the signed range
  fs.writeFileSync(changed, copy);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(E2E_RESULTS_DIR, 'doc-verify-issued')]);

  // someone outside scans the QR code: no login
  const link = pdfQr(pdf);
  expect(link).toMatch(/\/oa\/verify\/[A-Za-z0-9_-]{22}$/);
  const visitor = await (await browser.newContext()).newPage();
  watchA11y(visitor); // the public page is checked by axe like every other
  await visitor.goto(link!);
  await expect(visitor.getByTestId('verify-state')).toHaveText('本文件为正式印发版本');
  await expect(visitor.getByTestId('verify-doc-no')).toHaveText(numbered.data.docNo);
  await expect(visitor.getByTestId('doc-verify-page')).not.toContainText('关于核验协会电子公文的通知');
  const upload = visitor.locator('input[type=file]');
  await upload.setInputFiles(file);
  await expect(visitor.getByTestId('verify-result')).toContainText('文件与印发版本一致');
  await visitor.screenshot({ path: path.join(E2E_RESULTS_DIR, 'doc-verify-accepted.png'), fullPage: true });
  await upload.setInputFiles(changed);
  await expect(visitor.getByTestId('verify-result')).toContainText('文件已被修改或非本系统印发');
  await visitor.screenshot({ path: path.join(E2E_RESULTS_DIR, 'doc-verify-rejected.png'), fullPage: true });
  await visitor.context().close();
});
