import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { smsOutbox, solvedCaptcha } from '../../../test/sms-kit';

const DIALECTS = await testDialects();
const SMS = '/oa/api/base/system/sms/verification';
const SMS_SIGNED_IN = '/oa/api/auth/base/system/sms/verification';

describe.each(DIALECTS)('who may make the server send an SMS, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { smsDailyBudget: 4 });
  });
  afterAll(async () => t?.close());

  const solved = async () => ({ captchaKey: await solvedCaptcha(t.ctx.db), imageCaptcha: 'WXYZ' });
  const outbox = (mobile: string) => smsOutbox(t.ctx.db, mobile);
  const mobileOf = async (userCode: string) =>
    (await t.ctx.db.selectFrom('sys_user').select('mobile').where('user_code', '=', userCode).executeTakeFirstOrThrow()).mobile!;

  it('sends nothing anonymously without a solved image captcha, and a captcha serves one send', async () => {
    const mobile = await mobileOf('staff');
    expect((await t.call('GET', SMS, { query: { mobile, source: 'oa-reset' } })).body.code).toBe(1002);
    expect((await t.call('GET', SMS, { query: { mobile, source: 'oa-reset', captchaKey: 'nope', imageCaptcha: 'abcd' } })).body.code).toBe(
      1003,
    );
    expect(await outbox(mobile)).toHaveLength(0);
    const c = await solved();
    expect((await t.call('GET', SMS, { query: { mobile, source: 'oa-reset', ...c } })).body).toMatchObject({
      code: 0,
      message: `验证码已发送至${mobile}`,
    });
    expect(await outbox(mobile)).toHaveLength(1);
    expect((await t.call('GET', SMS, { query: { mobile, source: 'oa-reset', ...c } })).body.code).toBe(1003);
  });

  it("refuses an anonymous code for a mobile change; signed in, a reset code goes only to one's own number", async () => {
    const res = await t.call('GET', SMS, { query: { mobile: '13355556666', source: 'oa-mobile', ...(await solved()) } });
    expect(res.status).toBe(401);
    const leader = await t.login('leader');
    const other = await t.call('GET', SMS_SIGNED_IN, { token: leader, query: { mobile: await mobileOf('staff'), source: 'oa-reset' } });
    expect(other.body).toMatchObject({ code: 1, message: '只能向本人绑定的手机号发送重置密码验证码' });
    expect(
      (await t.call('GET', SMS_SIGNED_IN, { token: leader, query: { mobile: await mobileOf('leader'), source: 'oa-reset' } })).body.code,
    ).toBe(0);
  });

  it("resets a forgotten password without a session, revoking the account's sessions", async () => {
    const old = await t.login('staff');
    const mobile = await mobileOf('staff');
    const code = /(\d{6})/.exec((await outbox(mobile))[0].content)![1];
    const res = await t.call('PUT', '/oa/api/base/system/resetPassword', {
      body: { mobile, password: hashPassword('Forgot@123'), captcha: code },
    });
    expect(res.body).toMatchObject({ code: 0, message: '密码重置成功' });
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: old })).status).toBe(401);
    await t.login('staff', 'Forgot@123');
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .selectAll()
      .where('action', '=', 'password.reset')
      .where('result', '=', 'ok')
      .execute();
    expect(audit.at(-1)).toMatchObject({ target: 'staff', user_code: 'staff' });
  });

  it("stops every send once the server's daily budget is spent", async () => {
    // two codes so far; the budget is 4
    const mobiles = ['zhangwei', 'lina', 'wuxiaodong'];
    const answers: string[] = [];
    for (const u of mobiles)
      answers.push(
        (await t.call('GET', SMS, { query: { mobile: await mobileOf(u), source: 'oa-reset', ...(await solved()) } })).body.message,
      );
    expect(answers.slice(0, 2)).toEqual([expect.stringContaining('验证码已发送至'), expect.stringContaining('验证码已发送至')]);
    expect(answers[2]).toBe('今日短信发送量已达上限，请明天再试或联系管理员');
  });
});
