import { expect as baseExpect, test, type Page } from './support/fixtures';
import { TOKEN_KEY } from '@oa/shared/constants';
import { login } from './support/session';
import { signedHeaders, type Answer } from './support/signed-api';
import { submitStamp } from './support/stamp-application';
import { confirmSheet, onePagePdf, expectSignedSheet, signWithFinger } from './support/phone-kit';
import { fitsThePhone, phoneContext, shot } from './support/phone';

/**
 * Issue 34 (A), the phone app under /oa/m/ in a phone's browser (360×780, touch, a phone's user agent): staff
 * applies for seal use on the desktop; the approver opens the item's link (the address its e-mail carries) on the
 * phone (signed in), reads the form and the attached PDF in the page, signs by hand with a finger and approves; the
 * trail and the printed 审批单 show the signature; the applicant is told. The journey through a real e-mail is
 * phone-mail.spec.ts.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const RUN = Date.now().toString(36).slice(-5);
const REASON = `手机签批用印-${RUN}`;

test('the approver signs by hand and approves on the phone; the trail and the printed sheet show the signature', async ({ page }) => {
  await login(page, 'staff');
  const id = await submitStamp(page, {
    reason: REASON,
    seal: '合同专用章',
    copies: 1,
    fileName: '手机审批协议',
    attachment: '合作协议.pdf',
    pdf: onePagePdf(),
  });

  // the approver's phone, signed in (its login page, and the way through it to the item: phone-mail.spec.ts)
  const phone = await phoneContext(page, { as: 'leader' });
  const m = await phone.newPage();
  // the link of the e-mail and the push message (messageLink): the desktop item page, which a phone opens in the phone app
  await m.goto(`stampPreview?id=${id}`);
  await expect(m).toHaveURL(new RegExp(`/oa/m/item\\?moduleCode=oa_stamp&id=${id}`));
  const item = m.getByTestId('m-item');
  await expect(item.getByTestId('m-item-title')).toContainText(REASON);

  // the entry on a phone is the phone app's 待办, with its count
  await m.goto('/oa/');
  await expect(m).toHaveURL(/\/oa\/m$/);
  const todo = m.getByTestId('m-list-todo');
  await expect(todo.getByTestId('m-list-total')).toHaveText(/共 \d+ 条/);
  await expect(m.getByTestId('m-tabbar')).toContainText('待办');
  const card = todo.getByTestId('m-list-item').filter({ hasText: REASON });
  await expect(card).toBeVisible();
  await fitsThePhone(m);
  await shot(m, 'm-todo');
  await card.tap();
  await expect(item.getByTestId('m-fields')).toContainText('合同专用章');
  await expect(item.getByTestId('m-trail')).toContainText('提交申请');
  // only what the server lets the leader do: 同意, 驳回, the rest under 更多
  await expect(m.getByTestId('m-action-approve')).toBeVisible();
  await expect(m.getByTestId('m-action-withdraw')).toHaveCount(0);
  await fitsThePhone(m);
  await shot(m, 'm-item');

  // the attached PDF, drawn in the page
  await item.getByTestId('m-attachment').filter({ hasText: '合作协议.pdf' }).tap();
  await expect(m.locator('[data-testid="m-pdf-page"][data-drawn="Y"]')).toHaveCount(1);
  await expect.poll(() => m.getByTestId('m-pdf-page').evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(300);
  await shot(m, 'm-attachment', true);
  await m.locator('.m-viewer .ant-drawer-close').tap();
  await expect(m.getByTestId('m-viewer')).toBeHidden();

  // the other actions are there, in a sheet
  await m.getByTestId('m-action-more').tap();
  for (const label of ['退回', '转交', '加签', '评论'])
    await expect(m.locator('.m-sheet-list').getByRole('button', { name: new RegExp(label.split('').join('\\s*')) })).toBeVisible();
  await fitsThePhone(m);
  await shot(m, 'm-more', true);
  await m
    .locator('.m-sheet-list')
    .getByRole('button', { name: /退\s*回/ })
    .tap();
  await expect(m.getByTestId('m-action-sheet')).toContainText('退回到');
  await m
    .getByTestId('m-action-sheet')
    .getByRole('button', { name: /取\s*消/ })
    .tap();

  // 批示: the opinion with an @ and a signature drawn with a finger
  await m.getByTestId('m-action-approve').tap();
  const sheet = m.getByTestId('m-action-sheet');
  await expect(sheet).toContainText('手写签名');
  await sheet.getByLabel('批示意见').fill('同意用印，请办公室登记（手机签批）');
  await signWithFinger(m, phone);
  await expect(sheet).toContainText('已签名');
  // a tap straight after the last stroke acts (the strokes leave no fling for a tap to stop): 清除 clears the pad
  await sheet.getByRole('button', { name: /清\s*除/ }).tap();
  await expect(sheet).toContainText('请用鼠标或手指在框内签名');
  await signWithFinger(m, phone);
  await expect(sheet).toContainText('已签名');
  await fitsThePhone(m);
  await shot(m, 'm-sign', true);
  await confirmSheet(m, '签批同意', '已同意');
  await expect(item.getByTestId('record-status').first()).toHaveText('已通过');
  const sig = item.getByTestId('m-trail').getByTestId('signature-image');
  await expect(sig).toBeVisible();
  await expect.poll(() => sig.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(item.getByTestId('m-trail')).toContainText('同意用印，请办公室登记（手机签批）');
  await expect(m.getByTestId('m-action-approve')).toHaveCount(0);
  await fitsThePhone(m);
  await shot(m, 'm-item-approved');

  // the printed 审批单, shown in the page and saved: the opinion and the drawn signature are on it
  await expectSignedSheet(m, 'm-stamp-sheet', '同意用印，请办公室登记（手机签批）');

  // 已办 holds it now; 我的 has the messages, the notification switch, 电脑版 and 退出
  await m.getByTestId('m-item').getByRole('button', { name: '返回' }).tap();
  await m.getByTestId('m-tabbar').getByText('已办').tap();
  await expect(m.getByTestId('m-list-done').getByTestId('m-list-item').filter({ hasText: REASON })).toBeVisible();
  await shot(m, 'm-done');
  await m.getByTestId('m-tabbar').getByText('我的', { exact: true }).tap();
  await expect(m.getByTestId('m-me')).toContainText('退出登录');
  await fitsThePhone(m);
  await shot(m, 'm-me');
  await phone.close();

  // the applicant is told, in the app's messages
  const path = 'api/auth/oa/process/notifications?pageNumber=1&pageSize=20';
  await expect
    .poll(async () => {
      const res = (await (await page.request.get(path, { headers: await signedHeaders(page, path) })).json()) as Answer;
      return (res.data.list as Array<{ recordId: string | null; kind: string }>).filter((n) => n.recordId === id).map((n) => n.kind);
    })
    .toContain('result');
});

/** Taps an action of the item's bar, or under 更多 when the bar has no room for it. */
async function act(m: Page, key: string): Promise<void> {
  const inBar = m.locator('.m-actionbar').getByTestId(`m-action-${key}`);
  if (!(await inBar.isVisible())) await m.getByTestId('m-action-more').tap();
  await m.getByTestId(`m-action-${key}`).tap();
}

test('the applicant urges, comments with an @ and withdraws on the phone', async ({ page }) => {
  const reason = `手机撤回用印-${RUN}`;
  await login(page, 'staff');
  const id = await submitStamp(page, { reason, seal: '公章', copies: 1, fileName: '撤回测试', attachment: '撤回测试.pdf' });
  // the phone holds staff's session (as after the phone's login above)
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  const phone = await phoneContext(page);
  await phone.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token ?? ''] as const);
  const m = await phone.newPage();
  await m.goto('/oa/');
  await expect(m).toHaveURL(/\/oa\/m$/);
  await m.getByTestId('m-tabbar').getByText('我的申请').tap();
  await m.getByTestId('m-list-mine').getByTestId('m-list-item').filter({ hasText: reason }).tap();
  await expect(m).toHaveURL(new RegExp(`/oa/m/item\\?moduleCode=oa_stamp&id=${id}`));
  const item = m.getByTestId('m-item');
  await expect(item.getByTestId('record-status').first()).toHaveText('审批中');
  // not the approver: no 同意 / 驳回
  await expect(m.getByTestId('m-action-approve')).toHaveCount(0);
  await expect(m.getByTestId('m-action-reject')).toHaveCount(0);

  await act(m, 'urge');
  await expect(m.locator('.ant-message').getByText('已催办')).toBeVisible();

  await act(m, 'comment');
  const sheet = m.getByTestId('m-action-sheet');
  const box = sheet.getByLabel('审批意见');
  await box.tap();
  await box.pressSequentially('请@王建');
  await m
    .locator('.ant-mentions-dropdown:visible')
    .getByText(/王建国/)
    .first()
    .tap();
  await box.pressSequentially('尽快审批');
  await expect(box).toHaveValue(/请 ?@王建国 尽快审批/);
  await fitsThePhone(m);
  await shot(m, 'm-comment', true);
  await sheet.getByRole('button', { name: /确\s*定/ }).tap();
  await expect(m.locator('.ant-message').getByText('已评论')).toBeVisible();
  await expect(item.getByTestId('m-trail')).toContainText(/请 ?@王建国 尽快审批/);

  await act(m, 'withdraw');
  await m
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /撤\s*回/ })
    .tap();
  await expect(m.locator('.ant-message').getByText('已撤回')).toBeVisible();
  await expect(item.getByTestId('record-status').first()).toHaveText('已撤回');
  await expect(m.getByTestId('m-action-withdraw')).toHaveCount(0);
  await fitsThePhone(m);
  await shot(m, 'm-withdrawn');
  await phone.close();
});
