import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download } from '@playwright/test';
import { expect as baseExpect, test, type Browser, type Page } from './support/fixtures';
import { openAs, submitLogin } from './support/session';
import { choose } from './support/ant-select';
import { watchA11y } from './support/a11y-watch';
import { signedDispatch } from './support/signed-dispatch';
import { E2E_RESULTS_DIR } from './support/e2e-env';
import { pdfImages, pdfQr, pdfWords } from '../../server/test/pdf-read';
import { pageChars, readOfd } from '../../server/test/documents/ofd-reader';

/**
 * Issue 37, documents that leave the building, as one journey: a dispatch is signed (签发) through its process; the
 * association seal's keeper numbers it and prints it with the seal at 印制; he sends it to two member units with a
 * due time. 华北分会's contact logs in to his own area, reads it, downloads the PDF and the OFD and signs for it with
 * a reply; the sender sees the receipts (read by whom, signed, the reply) and urges 华东分会, whose contact finds the
 * urge. Someone without a login scans the QR code: the issued PDF is accepted, a copy with one byte changed is not.
 * The OFD reads back with the PDF's text; the same PDF registered as an incoming document gives its details; the
 * use shows in the seal registry's log.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const file = (name: string) => path.join(E2E_RESULTS_DIR, `document-out-${name}`);
const shot = (page: Page, name: string) => page.screenshot({ path: file(`${name}.png`), fullPage: true });

/** A member unit's contact logs in (typed: his area is no OA home page to keep a session at) and lands in his area. */
async function contact(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchA11y(page);
  await submitLogin(page, user, 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/unitForWeb$/);
  return page;
}

/** Clicks `button` and keeps the file it downloads under `name`; its bytes. */
async function saved(page: Page, click: () => Promise<void>, name: string): Promise<{ bytes: Buffer; download: Download }> {
  const download = page.waitForEvent('download');
  await click();
  const d = await download;
  await d.saveAs(file(name));
  return { bytes: fs.readFileSync(file(name)), download: d };
}

test('a dispatch leaves the building: signed, stamped, numbered, sent to two member units, signed for, verified, as OFD', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  fs.mkdirSync(E2E_RESULTS_DIR, { recursive: true });
  const title = `关于协会公文对外发送与核验的通知${Date.now() % 100000}`;
  const body = '协会印发的公文加盖电子印章并附验证二维码，成员单位在线签收，扫码可核对文件是否为正式印发版本。';
  const id = await signedDispatch(browser, title, `<p>${body}</p>`);

  // 印制: the seal's keeper numbers the signed dispatch and prints it with the association seal
  const clerk = await openAs(browser, 'zhaolei', `dispatchPreview?id=${id}`);
  await clerk.getByTestId('desk-number').click();
  await expect(clerk.getByTestId('doc-no')).toHaveText(/^X协〔\d{4}〕\d+号$/);
  const docNo = (await clerk.getByTestId('doc-no').textContent())!;
  await choose(clerk, 'desk-seal', '保管人用印');
  await shot(clerk, 'print-desk');
  await clerk.getByTestId('desk-print').click();
  await expect(clerk.locator('.ant-message')).toContainText('已印制并加盖印章');
  const issued = (await saved(clerk, () => clerk.getByTestId('doc-printed').click(), 'issued.pdf')).bytes;
  const drawn = pdfImages(issued);
  expect(
    drawn.filter((i) => i.width === 400 && i.height === 400),
    JSON.stringify(drawn),
  ).toHaveLength(1);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file('issued.pdf'), file('issued')]);

  // sent to two member units with a due time, both picked by keyboard in one opening of the list
  await expect(clerk.getByTestId('doc-exchange')).toBeVisible();
  await clerk.getByTestId('exchange-due').fill('2099-12-31');
  await clerk.getByTestId('exchange-units').click();
  for (const unit of ['华北分会', '华东分会']) {
    await clerk.keyboard.type(unit);
    await expect(clerk.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(unit);
    await clerk.keyboard.press('Enter');
  }
  await clerk.keyboard.press('Escape');
  await expect(clerk.getByTestId('exchange-units')).toContainText('华东分会');
  await expect(clerk.getByTestId('exchange-units')).toContainText('华北分会');
  await clerk.getByTestId('exchange-send').click();
  await expect(clerk.getByText('已发送给 2 个成员单位')).toBeVisible();
  const receipts = clerk.getByTestId('exchange-receipts');
  await expect(receipts).toContainText('中国行业协会华北分会');
  await expect(receipts).toContainText('中国行业协会华东分会');

  // 华北分会's contact: his own area, only his unit's documents; he reads, downloads PDF and OFD, signs with a reply
  const hb = await contact(browser, 'unithb');
  await expect(hb.getByTestId('unit-user-name')).toHaveText('陈立新');
  await hb.getByTestId('unit-docs').getByText(title).click();
  const drawer = hb.getByTestId('unit-doc');
  await expect(drawer).toContainText('中国行业协会');
  await expect(drawer).toContainText(docNo);
  const pdf = await saved(hb, () => hb.getByTestId('unit-download-pdf').click(), 'received.pdf');
  expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(pdf.bytes.equals(issued), 'the member unit receives the issued file itself').toBe(true);
  const ofd = await saved(hb, () => hb.getByTestId('unit-download-ofd').click(), 'received.ofd');
  expect(ofd.download.suggestedFilename()).toMatch(/\.ofd$/);
  await hb.getByLabel('回复（可选）').fill('已收悉，华北分会将按时派代表参会。');
  await hb.getByTestId('unit-sign').click();
  await expect(drawer).toContainText('陈立新 于');
  await expect(drawer).toContainText('已收悉，华北分会将按时派代表参会。');
  await shot(hb, 'unit-signed');
  await hb.context().close();

  // the OFD reads back (GB/T 33190 structure, the seal as a stamp annotation) with the issued PDF's text, page by page
  const read = await readOfd(ofd.bytes);
  expect(read.problems).toEqual([]);
  expect(read.pages.flatMap((p) => p.stamps)).toHaveLength(1);
  const chars = pageChars(read, pdfWords(issued));
  expect(chars.ofd).toEqual(chars.pdf);
  const ofdText = read.pages.flatMap((p) => p.texts.map((t) => t.text)).join('');
  for (const part of [docNo, '中国行业协会', body.slice(0, 12)]) expect(ofdText).toContain(part);

  // the sender sees the receipts: read and signed by whom, the reply; and urges the other unit
  await clerk.reload();
  const hbRow = receipts.locator('tr', { hasText: '华北分会' });
  await expect(hbRow).toContainText('已签收');
  await expect(hbRow).toContainText(/阅读 [\d-]+ [\d:]+ 陈立新/);
  await expect(hbRow).toContainText(/签收 [\d-]+ [\d:]+ 陈立新/);
  await expect(hbRow).toContainText('已收悉，华北分会将按时派代表参会。');
  const hdRow = receipts.locator('tr', { hasText: '华东分会' });
  await expect(hdRow).toContainText('未读');
  await hdRow.getByText('催办', { exact: true }).click();
  await expect(clerk.getByText('已催办 1 个成员单位')).toBeVisible();
  await shot(clerk, 'sender-receipts');
  await clerk.context().close();

  const hd = await contact(browser, 'unithd');
  await expect(hd.getByTestId('unit-notices')).toContainText(`催办：请签收《${title}》`);
  await shot(hd, 'unit-urged');
  await hd.context().close();

  // someone outside scans the QR code (no login): the page names the issued file; it accepts it and no changed copy
  const link = pdfQr(issued);
  expect(link).toMatch(/\/oa\/verify\/[A-Za-z0-9_-]{22}$/);
  const copy = Buffer.from(issued);
  copy[7] = copy[7] === 0x37 ? 0x36 : 0x37; // %PDF-1.x: one byte inside the signed range
  fs.writeFileSync(file('changed.pdf'), copy);
  const visitor = await (await browser.newContext()).newPage();
  watchA11y(visitor);
  await visitor.goto(link!);
  await expect(visitor.getByTestId('verify-state')).toHaveText('本文件为正式印发版本');
  await expect(visitor.getByTestId('verify-doc-no')).toHaveText(docNo);
  await expect(visitor.getByTestId('doc-verify-page')).not.toContainText(title);
  const upload = visitor.locator('input[type=file]');
  await upload.setInputFiles(file('issued.pdf'));
  await expect(visitor.getByTestId('verify-result')).toContainText('文件与印发版本一致');
  await shot(visitor, 'verify-accepted');
  await upload.setInputFiles(file('changed.pdf'));
  await expect(visitor.getByTestId('verify-result')).toContainText('文件已被修改或非本系统印发');
  await shot(visitor, 'verify-rejected');
  await visitor.context().close();

  // the same PDF arriving from outside: a clerk registers it as a receipt, its details read from the file to confirm
  const registrar = await openAs(browser, 'staff', 'receiptEdit');
  await registrar.locator('input[type=file][accept=".pdf,.ofd"]').setInputFiles(file('received.pdf'));
  await expect(registrar.getByTestId('doc-recognized')).toBeVisible();
  await expect(registrar.getByTestId('f-title')).toHaveValue(title);
  await expect(registrar.getByTestId('f-sourceOrg')).toHaveValue('中国行业协会');
  await expect(registrar.getByTestId('f-sourceNo')).toHaveValue(docNo);
  await shot(registrar, 'receipt-recognized');
  await registrar.context().close();

  // the seal's use in the registry's log
  const admin = await openAs(browser, 'admin', 'seals');
  const log = admin.getByTestId('seals-page').locator('.ant-card').nth(1).locator('tbody tr').filter({ hasText: title });
  await expect(log).toHaveCount(1);
  await expect(log).toContainText('赵磊');
  await expect(log).toContainText('保管人签发用印');
  await admin.context().close();
});
