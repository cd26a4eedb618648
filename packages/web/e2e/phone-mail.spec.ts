import { smtpFarEnd, type Transmission } from '@oa/shared/test/smtp-far-end';
import { expect as baseExpect, test } from './support/fixtures';
import { E2E_SMTP_PORT } from './support/e2e-env';
import { login } from './support/session';
import { signedHeaders, type Answer } from './support/signed-api';
import { submitStamp } from './support/stamp-application';
import { expectSignedSheet, instructWithSignature, onePagePdf, phoneLogin } from './support/phone-kit';
import { fitsThePhone, phoneContext, shot } from './support/phone';

/**
 * Issue 34, the first "Done when" journey, through a real e-mail: staff applies for seal use on the desktop; the
 * approver's e-mail arrives at a real SMTP server this test starts (the e2e server sends to its slot's SMTP port); the
 * e-mail's link, opened in a phone's browser (360×780, touch), asks for the login and lands on the item in the phone
 * app; the approver signs by hand and approves; the trail and the printed 审批单 show the signature; the applicant is
 * told by e-mail and in the app.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const RUN = Date.now().toString(36).slice(-5);
const REASON = `邮件签批用印-${RUN}`;
const OPINION = '同意用印（邮件链接手机签批）';

/** The first message to `to` about this run's application, as the mail server received it. */
const mailTo = (mails: Transmission[], to: string) => mails.find((t) => t.to === to && t.text.includes(REASON));

test('the e-mail link opens the item on the phone; the approver signs by hand; the applicant is told', async ({ page }) => {
  const far = await smtpFarEnd(0, E2E_SMTP_PORT);
  try {
    await login(page, 'staff');
    const id = await submitStamp(page, {
      reason: REASON,
      seal: '公章',
      copies: 2,
      fileName: '邮件审批协议',
      attachment: '邮件审批协议.pdf',
      pdf: onePagePdf(),
    });

    // the approver's e-mail, through SMTP: what waits, and the link to it
    await expect.poll(() => mailTo(far.transmissions, 'leader@assoc.org.cn')?.subject, { timeout: 60_000 }).toContain('待审批');
    const mail = mailTo(far.transmissions, 'leader@assoc.org.cn')!;
    const link = /打开查看：(\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link).toBe(`${new URL('/oa/', page.url()).origin}/oa/stampPreview?id=${id}`);

    const phone = await phoneContext(page);
    const m = await phone.newPage();
    // the desktop's login on the way to the item keeps that way on a phone, to the phone's item page
    await m.goto(`login?redirect=${encodeURIComponent(`/stampPreview?id=${id}`)}`);
    await expect(m).toHaveURL(new RegExp(`/oa/m/login\\?redirect=${encodeURIComponent(`/m/item?moduleCode=oa_stamp&id=${id}`)}`));
    // the e-mail's own link: the phone's login, then the item
    await m.goto(link);
    await phoneLogin(m, 'leader');
    await expect(m).toHaveURL(new RegExp(`/oa/m/item\\?moduleCode=oa_stamp&id=${id}$`));
    const item = m.getByTestId('m-item');
    await expect(item.getByTestId('m-item-title')).toContainText(REASON);
    await expect(item.getByTestId('m-fields')).toContainText('邮件审批协议.pdf');
    await fitsThePhone(m);
    await shot(m, 'mail-item');

    // 批示 with a signature drawn by finger
    await instructWithSignature(m, phone, OPINION, 'mail-sign');
    await expect(item.getByTestId('record-status').first()).toHaveText('已通过');
    const trail = item.getByTestId('m-trail');
    await expect(trail).toContainText(OPINION);
    await expect.poll(() => trail.getByTestId('signature-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await fitsThePhone(m);
    await shot(m, 'mail-item-approved');

    // the printed 审批单: the opinion and the drawn signature (a 480×160 image) on it
    await expectSignedSheet(m, 'mail-stamp-sheet', OPINION);
    await phone.close();

    // the applicant is told: an e-mail with the outcome, and the message in the app
    await expect.poll(() => mailTo(far.transmissions, 'staff@assoc.org.cn')?.subject, { timeout: 60_000 }).toContain('审批已通过');
    expect(mailTo(far.transmissions, 'staff@assoc.org.cn')!.text).toContain(`/oa/stampPreview?id=${id}`);
    const path = 'api/auth/oa/process/notifications?pageNumber=1&pageSize=20';
    const res = (await (await page.request.get(path, { headers: await signedHeaders(page, path) })).json()) as Answer;
    const told = (res.data.list as Array<{ recordId: string | null; kind: string; title: string }>).filter((n) => n.recordId === id);
    expect(told.map((n) => n.kind)).toContain('result');
  } finally {
    await far.close();
  }
});
