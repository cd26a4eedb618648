import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from './support/fixtures';
import { openAs, submitLogin } from './support/session';
import { watchA11y } from './support/a11y-watch';
import { api } from './support/signed-api';
import { E2E_RESULTS_DIR } from './support/e2e-env';

/**
 * Issue 37, exchange with member units: the office clerk sends a printed dispatch to two member units with a due
 * time; 华北分会's contact logs in to his own area, reads the document and signs for it with a reply; the clerk sees
 * the receipts (signed, read by whom) and urges 华东分会, whose contact finds the urge in his notice list.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shot = (name: string) => path.join(E2E_RESULTS_DIR, `exchange-${name}.png`);

/** A member unit's contact logs in (typed: his area is no OA home page to keep a session at) and lands in his area. */
async function contact(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchA11y(page);
  await submitLogin(page, user, 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/unitForWeb$/);
  return page;
}

test('a dispatch goes to two member units, one signs with a reply, the other is urged', async ({ browser }) => {
  test.setTimeout(240_000);
  const clerk = await openAs(browser, 'zhaolei');
  // a printed dispatch no member unit has yet (a retry, or the documents journey before, may have used one)
  const found = await api(clerk, 'GET', 'api/auth/oa/documents/list?kind=dispatch&box=all&status=distributed&pageSize=50');
  expect(found.code, found.message).toBe(0);
  let id = '';
  let title = '';
  for (const d of found.data.list as Array<{ id: string; title: string }>) {
    const r = await api(clerk, 'GET', `api/auth/oa/exchange/receipts?id=${d.id}`);
    if (r.code === 0 && !r.data.rows.length) [id, title] = [d.id, d.title];
    if (id) break;
  }
  expect(id, 'a distributed dispatch not yet sent to member units').not.toBe('');
  await clerk.goto(`dispatchPreview?id=${id}`);
  const panel = clerk.getByTestId('doc-exchange');
  await expect(panel).toBeVisible();
  await clerk.getByTestId('exchange-due').fill('2099-12-31');
  // both units picked by keyboard in one opening of the list
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

  // 华北分会's contact: his own area, only his unit's documents
  const hb = await contact(browser, 'unithb');
  await expect(hb.getByTestId('unit-user-name')).toHaveText('陈立新');
  await hb.getByTestId('unit-docs').getByText(title).click();
  const drawer = hb.getByTestId('unit-doc');
  await expect(drawer).toContainText('中国行业协会');
  const download = hb.waitForEvent('download');
  await hb.getByTestId('unit-download-pdf').click();
  const received = await download;
  expect(received.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfFile = path.join(E2E_RESULTS_DIR, 'exchange-received.pdf');
  await received.saveAs(pdfFile);
  if (await hb.getByTestId('unit-sign').isVisible()) {
    await hb.getByLabel('回复（可选）').fill('已收悉，华北分会将按时派代表参会。');
    await hb.getByTestId('unit-sign').click();
  }
  await expect(drawer).toContainText('陈立新 于');
  await expect(drawer).toContainText('已收悉，华北分会将按时派代表参会。');
  await hb.screenshot({ path: shot('unit-signed'), fullPage: true });
  await hb.context().close();

  // the sender sees the receipt: signed, read by whom, the reply; and urges the other unit
  await clerk.reload();
  const hbRow = clerk.getByTestId('exchange-receipts').locator('tr', { hasText: '华北分会' });
  await expect(hbRow).toContainText('已签收');
  await expect(hbRow).toContainText('陈立新');
  await expect(hbRow).toContainText('已收悉，华北分会将按时派代表参会。');
  const hdRow = clerk.getByTestId('exchange-receipts').locator('tr', { hasText: '华东分会' });
  await hdRow.getByText('催办', { exact: true }).click();
  await expect(clerk.getByText('已催办 1 个成员单位')).toBeVisible();
  await clerk.screenshot({ path: shot('sender-receipts'), fullPage: true });
  await clerk.context().close();

  const hd = await contact(browser, 'unithd');
  await expect(hd.getByTestId('unit-notices')).toContainText(`催办：请签收《${title}》`);
  await hd.screenshot({ path: shot('unit-urged'), fullPage: true });
  await hd.context().close();

  // the same PDF arriving from outside: a clerk registers it as a receipt, its details read from the file to confirm
  const registrar = await openAs(browser, 'staff', 'receiptEdit');
  await registrar.locator('input[type=file][accept=".pdf,.ofd"]').setInputFiles(pdfFile);
  await expect(registrar.getByTestId('doc-recognized')).toBeVisible();
  await expect(registrar.getByTestId('f-title')).toHaveValue(title);
  await expect(registrar.getByTestId('f-sourceOrg')).toHaveValue('中国行业协会');
  await expect(registrar.getByTestId('f-sourceNo')).toHaveValue(/^X协〔\d{4}〕\d+号$/);
  await registrar.screenshot({ path: shot('receipt-recognized'), fullPage: true });
  await registrar.context().close();
});
