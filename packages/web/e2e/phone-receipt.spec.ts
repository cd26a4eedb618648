import type { Browser } from './support/fixtures';
import { expect as baseExpect, test } from './support/fixtures';
import { openAs } from './support/session';
import { api } from './support/signed-api';
import { confirmSheet, expectSignedSheet, instructWithSignature, onePagePdf, signWithFinger } from './support/phone-kit';
import { fitsThePhone, phoneContext, shot } from './support/phone';

/**
 * Issue 34, the second "Done when" journey, its first half (the QR check-in is meetings' phone spec): a 收文 is
 * registered on the desktop with its 正文 (a PDF), passes 初审 and 拟办; the leader named for 批示 opens its link on a
 * phone (360×780, touch), reads the 正文 in the page and 批示s with a signature drawn by finger — the 处理笺 on the
 * phone and the printed one show it; after 承办 the 传阅 reader opens it on the phone (the read is recorded) and 阅签s
 * with an opinion and a signature.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });

const RUN = Date.now().toString(36).slice(-5);
const TITLE = `关于报送行业运行监测数据的通知-${RUN}`;
const INSTRUCTION = '请行业发展部抓紧落实，王芳阅知（手机批示）';
const READ_NOTE = '已阅，按要求准备数据（手机阅签）';

/** `user` acts on their open step of the receipt through the API, as the desktop's 同意 does. */
async function approveAs(browser: Browser, user: string, id: string, comment: string, formPatch?: Record<string, unknown>) {
  const page = await openAs(browser, user);
  const view = await api(page, 'GET', `api/auth/oa/process/instance?moduleCode=oa_receipt&recordId=${id}`);
  const taskId = (view.data as { myTask: { taskId: string } | null }).myTask?.taskId;
  expect(taskId, `${user} has the receipt's open step`).toBeTruthy();
  const res = await api(page, 'POST', 'api/auth/oa/process/approve', { taskId, comment, formPatch });
  expect(res.code, res.message).toBe(0);
  await page.context().close();
}

test('a leader 批示s a 收文 on the phone with a handwritten signature; the 传阅 reader 阅签s it', async ({ page, browser }) => {
  // registered on the desktop, with the incoming letter as its 正文
  const staff = await openAs(browser, 'staff', 'receiptEdit');
  await staff.getByTestId('f-title').fill(TITLE);
  await staff.getByTestId('f-sourceOrg').fill('工业和信息化部');
  await staff.getByTestId('f-sourceNo').fill(`工信厅函〔2026〕${RUN}号`);
  await staff
    .locator('input[type=file][multiple]')
    .setInputFiles({ name: '来文正文.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
  await expect(staff.getByTestId('doc-edit')).toContainText('来文正文.pdf');
  await staff.getByTestId('doc-submit').click();
  await expect(staff.getByTestId('doc-preview')).toBeVisible();
  const id = new URL(staff.url()).searchParams.get('id')!;
  await staff.context().close();

  await approveAs(browser, 'zhaolei', id, '来文要素齐全，请办公室主任拟办。');
  await approveAs(browser, 'leader', id, '拟请陈静副主任批示，行业发展部办理。', {
    leader: 'chenjing',
    handlers: ['zhangwei'],
    readers: ['wangfang'],
  });

  // the leader opens the receipt's link (its e-mail's) on the phone, signed in: the phone's page of the document
  const phone = await phoneContext(page, { as: 'chenjing' });
  const m = await phone.newPage();
  await m.goto(`receiptPreview?id=${id}`);
  await expect(m).toHaveURL(new RegExp(`/oa/m/doc\\?id=${id}$`));
  const doc = m.getByTestId('m-doc');
  await expect(doc.getByTestId('m-item-title')).toHaveText(TITLE);
  await expect(doc.getByTestId('m-fields')).toContainText('工业和信息化部');
  await expect(doc.getByTestId('m-fields')).toContainText('领导批示');
  await fitsThePhone(m);
  await shot(m, 'receipt-doc');

  // the 正文, drawn in the page
  await doc.getByTestId('m-doc-body').getByTestId('m-attachment').filter({ hasText: '来文正文.pdf' }).tap();
  await expect(m.locator('[data-testid="m-pdf-page"][data-drawn="Y"]')).toHaveCount(1);
  await shot(m, 'receipt-body', true);
  await m.locator('.m-viewer .ant-drawer-close').tap();
  await expect(m.getByTestId('m-viewer')).toBeHidden();

  // 批示 with a signature drawn by finger
  await instructWithSignature(m, phone, INSTRUCTION, 'receipt-sign');
  const trail = doc.getByTestId('m-trail');
  await expect(trail).toContainText(INSTRUCTION);
  await expect(trail).toContainText('承办');
  await expect.poll(() => trail.getByTestId('signature-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(m.getByTestId('m-action-approve')).toHaveCount(0);
  await fitsThePhone(m);
  await shot(m, 'receipt-instructed');

  // the printed 收文处理笺: the 批示 and its drawn signature
  await expectSignedSheet(m, 'receipt-sheet', INSTRUCTION);
  await phone.close();

  // 承办 done: the receipt goes round to the reader (传阅)
  await approveAs(browser, 'zhangwei', id, '已组织会员单位报送监测数据。');

  // the reader finds it under 抄送 on the phone, opens it (the read is recorded) and 阅签s
  const phone2 = await phoneContext(page, { as: 'wangfang' });
  const r = await phone2.newPage();
  await r.goto('/oa/');
  await expect(r).toHaveURL(/\/oa\/m$/);
  await r.getByTestId('m-tabbar').getByText('抄送').tap();
  await r.getByTestId('m-list-cc').getByTestId('m-list-item').filter({ hasText: TITLE }).tap();
  await expect(r).toHaveURL(new RegExp(`/oa/m/doc\\?id=${id}$`));
  const read = r.getByTestId('m-doc');
  await expect(read.getByTestId('m-trail')).toContainText(INSTRUCTION);
  await expect(r.getByTestId('m-action-approve')).toHaveCount(0);
  await r.getByTestId('m-action-comment').tap();
  const note = r.getByTestId('m-action-sheet');
  await expect(note).toContainText('阅签');
  await note.getByLabel('审批意见').fill(READ_NOTE);
  await signWithFinger(r, phone2);
  await expect(note).toContainText('已签名');
  await fitsThePhone(r);
  await shot(r, 'receipt-read-sign', true);
  await confirmSheet(r, /确\s*定/, '已评论');
  const steps = read.getByTestId('m-trail');
  await expect(steps).toContainText(READ_NOTE);
  // the read is on the 处理笺 (传阅 · 已阅 · 王芳), and beside it her opinion with her signature
  const readLine = steps.locator('.m-step').filter({ has: r.locator('.m-step-head', { hasText: '已阅' }) });
  await expect(readLine.filter({ hasText: '王芳' })).toHaveCount(1);
  await expect(steps.getByTestId('signature-image')).toHaveCount(2);
  await fitsThePhone(r);
  await shot(r, 'receipt-read');
  await phone2.close();
});
