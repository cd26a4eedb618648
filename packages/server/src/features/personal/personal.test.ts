import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type AnyData, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet, TINY_PNG } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const PC = '/oa/api/auth/industry/common/myPersonalCenter';
const CARD = '/oa/api/auth/industry/common/myBusinessCard';

describe.each(DIALECTS)('personal centre on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  const lastCode = async (mobile: string) => {
    const row = await t.ctx.db
      .selectFrom('sys_sms_outbox')
      .select('content')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('shows my own data and refuses somebody else', async () => {
    const me = await t.call('GET', PC, { token: staff, query: { userCode: 'staff', platformCode: '1', orgCode: 'ASSOC' } });
    expect(me.body.data).toMatchObject({
      users: { userName: '刘小雨' },
      usersContactInfo: { mobile: '13579704883', personalSign: '厚德载物' },
      usersDepartment: { deptName: '办公室' },
    });
    expect((await t.call('GET', PC, { token: staff, query: { userCode: 'leader' } })).status).toBe(403);
  });

  it('changes signature, room, landline and e-mail; refuses bad values without writing', async () => {
    const res = await t.call('PUT', PC, {
      token: staff,
      body: { personalSign: '天天向上', room: 'A座303', tel: '010-68511199', email: 'xiaoyu@assoc.org.cn' },
    });
    expect(res.body.code).toBe(0);
    const card = await t.call('GET', CARD, { token: await t.login('leader'), query: { userCode: 'staff' } });
    expect(card.body.data.usersContactInfo).toMatchObject({
      personalSign: '天天向上',
      room: 'A座303',
      tel: '010-68511199',
      email: 'xiaoyu@assoc.org.cn',
    });
    for (const body of [{ tel: '12345' }, { email: 'not-mail' }, { personalSign: 'x'.repeat(101) }, { mobile: '123' }]) {
      const bad = await t.call('PUT', PC, { token: staff, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const after = await t.call('GET', PC, { token: staff });
    expect(after.body.data.usersContactInfo.tel).toBe('010-68511199');
  });

  it('changes the mobile number only with the SMS code sent to the new number', async () => {
    const noCode = await t.call('PUT', PC, { token: staff, body: { mobile: '13311112222' } });
    expect(noCode.body.code).not.toBe(0);
    const taken = await t.call('PUT', PC, { token: staff, body: { mobile: '13993252409', captcha: '123456' } });
    expect(taken.body.message).toBe('该手机号已被其他账号使用');
    expect(
      (
        await t.call('GET', '/oa/api/auth/base/system/sms/verification', {
          token: staff,
          query: { mobile: '13311112222', source: 'oa-mobile' },
        })
      ).body.code,
    ).toBe(0);
    const code = await lastCode('13311112222');
    const wrong = await t.call('PUT', PC, {
      token: staff,
      body: { mobile: '13311112222', captcha: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.code).toBe(1005);
    const okRes = await t.call('PUT', PC, { token: staff, body: { mobile: '13311112222', captcha: code } });
    expect(okRes.body.data).toEqual({ mobileChanged: true });
    expect((await t.call('GET', PC, { token: staff })).body.data.account.mobile).toBe('13311112222');
    // a password-reset code never changes a mobile
    await t.call('GET', '/oa/api/auth/base/system/sms/verification', {
      token: staff,
      query: { mobile: '13311112222', source: 'oa-reset' },
    });
    const resetCode = await lastCode('13311112222');
    const cross = await t.call('PUT', PC, { token: staff, body: { mobile: '13344445555', captcha: resetCode } });
    expect(cross.body.code).not.toBe(0);
  });

  it('uploads an avatar, sets it and shows it in my card', async () => {
    const mp = multipartBody({ name: 'avatar.png', content: TINY_PNG, type: 'image/png' });
    const up = await t.call('POST', '/oa/api/auth/base/userinfo/userIconUpload', { token: staff, body: mp.body, headers: mp.headers });
    expect(up.body.code).toBe(0);
    const icon = up.body.data.filePath;
    expect((await t.call('PUT', '/oa/api/auth/base/userinfo/setMyPic', { token: staff, body: { icon } })).body.code).toBe(0);
    const card = await t.call('GET', CARD, { token: staff, query: { userCode: 'staff' } });
    expect(card.body.data.users.icon).toBe(icon);
    const img = await rawGet(t, `/oa/api/base/system/file/download?filePath=${icon}&wtoken=${staff}`);
    expect(img.rawPayload).toEqual(TINY_PNG);
    const pdf = multipartBody({ name: 'a.pdf', content: Buffer.from('%PDF-1.4') });
    expect(
      (await t.call('POST', '/oa/api/auth/base/userinfo/userIconUpload', { token: staff, body: pdf.body, headers: pdf.headers })).status,
    ).toBe(400);
    const other = await t.login('leader');
    expect((await t.call('PUT', '/oa/api/auth/base/userinfo/setMyPic', { token: other, body: { icon } })).status).toBe(404);
    expect((await t.call('PUT', '/oa/api/auth/base/userinfo/setMyPic', { token: staff, body: { icon: '../../x.png' } })).status).toBe(400);
  });

  it('lists my sessions and signs out elsewhere', async () => {
    const other = await t.login('staff');
    const list = await t.call('GET', '/oa/api/auth/oa/personal/sessions', { token: staff });
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    expect(list.body.data.filter((s: AnyData) => s.current)).toHaveLength(1);
    const res = await t.call('POST', '/oa/api/auth/oa/personal/signOutElsewhere', { token: staff, body: {} });
    expect(res.body.data.count).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', PC, { token: other })).status).toBe(401);
    expect((await t.call('GET', PC, { token: staff })).status).toBe(200);
  });
});
