import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { passSecondStep } from '../../../test/two-factor-kit';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { isoBefore, MINUTE } from '../../lib/time';

const H = hashPassword;
const DIALECTS = await testDialects();

describe.each(DIALECTS)('session and account calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ssoSecret: 'portal-secret', reportIrptUrl: 'http://reports.example/irpt' });
  });
  afterAll(async () => t?.close());

  const count = async (table: 'sys_session' | 'sys_audit' | 'sys_login_attempt') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers health without a login or signature', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oa/api/base/health' });
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok', db: dialect } });
  });

  it('logs in by user code or mobile and returns the session user', async () => {
    const res = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'leader', password: H('Oa@123456') } });
    expect(res.body.code).toBe(0);
    expect(res.body.data.user).toMatchObject({ userCode: 'leader', orgCode: 'ASSOC' });
    const mobile = res.body.data.user.mobile as string;
    const byMobile = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: mobile, password: H('Oa@123456') } });
    expect(byMobile.body.data.user.userCode).toBe('leader');
  });

  it('gives the same refusal for an unknown account and a wrong password', async () => {
    const a = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'nobody', password: H('x') } });
    const b = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'leader', password: H('Wrong@123') } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ code: 1001, message: '账号或密码错误' });
    expect(b.body).toMatchObject({ code: 1001, message: '账号或密码错误' });
  });

  it('asks for a captcha after 3 failures and locks after 5, saying for how long', async () => {
    const user = 'wangfang';
    const attempt = async (password: string, extra: Record<string, string> = {}) =>
      (await t.call('POST', '/oa/api/base/browserLogin', { body: { username: user, password: H(password), ...extra } })).body;
    for (let i = 0; i < 3; i++) expect((await attempt('Bad@12345')).code).toBe(1001);
    expect(await attempt('Oa@123456')).toMatchObject({ code: 1002 });
    // Solve captchas by planting known answers (the image itself is random).
    const solve = async () => {
      const key = `k${Math.random()}`;
      await t.ctx.db
        .insertInto('sys_captcha')
        .values({
          captcha_key: key,
          answer_hash: createHash('sha256').update('abcd').digest('hex'),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          used: 'N',
        })
        .execute();
      return { captchaKey: key, captcha: 'ABCD' };
    };
    expect(await attempt('Oa@123456', { captchaKey: 'nope', captcha: 'zzzz' })).toMatchObject({ code: 1003 });
    expect((await attempt('Bad@12345', await solve())).code).toBe(1001);
    expect((await attempt('Bad@12345', await solve())).code).toBe(1001);
    // 5 failures: now even the right password is refused, saying the account is locked and for how long.
    expect(await attempt('Oa@123456', await solve())).toMatchObject({
      code: 1008,
      message: '账号已被临时锁定，请15分钟后再试；如需立即解锁，请联系管理员',
    });
    const failedAudits = await t.ctx.db
      .selectFrom('sys_audit')
      .selectAll()
      .where('action', '=', 'login')
      .where('result', '=', 'fail')
      .where('target', '=', user)
      .execute();
    expect(failedAudits.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses malformed input with 400 naming the field and writes nothing', async () => {
    const before = [await count('sys_session'), await count('sys_login_attempt')];
    const cases: unknown[] = [
      {},
      { username: 'admin' },
      { username: 123, password: H('x') },
      { username: 'admin', password: 'plain-text-password' },
      { username: 'a'.repeat(10_240), password: H('x') },
      { username: 'admin', password: H('x'), captcha: 'c'.repeat(10_240) },
    ];
    for (const body of cases) {
      const res = await t.call('POST', '/oa/api/base/browserLogin', { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toMatch(/字段：(username|password|captcha)/);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/oa/api/base/browserLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect([await count('sys_session'), await count('sys_login_attempt')]).toEqual(before);
  });

  it('refuses a wrong signature, a missing one and a stale timestamp', async () => {
    const token = await t.login('staff');
    const url = '/oa/api/auth/base/system/user/info';
    const wrong = await t.call('GET', url, { token, headers: { 'auth-signature': Buffer.from('x'.repeat(32)).toString('base64') } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('签名');
    const stale = await t.call('GET', url, { token, headers: { 'auth-timestamp': String(Date.now() - 10 * MINUTE) } });
    expect(stale.status).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(400);
    expect((await t.call('GET', url, { token })).body.data.userCode).toBe('staff');
  });

  it('refuses missing, forged and expired tokens with 401', async () => {
    const url = '/oa/api/auth/base/system/userinfo/get';
    expect((await t.call('GET', url)).status).toBe(401);
    expect((await t.call('GET', url, { token: 'abc.def.ghi' })).status).toBe(401);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setAudience('oa')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('guess'));
    expect((await t.call('GET', url, { token: forged })).status).toBe(401);
    const token = await t.login('staff');
    await t.ctx.db
      .updateTable('sys_session')
      .set({ last_seen_at: isoBefore(31 * MINUTE) })
      .where('user_code', '=', 'staff')
      .execute();
    const idle = await t.call('GET', url, { token });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toContain('未操作');
    const token2 = await t.login('staff');
    await t.ctx.db
      .updateTable('sys_session')
      .set({ expires_at: isoBefore(1000) })
      .where('revoked_at', 'is', null)
      .where('user_code', '=', 'staff')
      .execute();
    expect((await t.call('GET', url, { token: token2 })).status).toBe(401);
  });

  it('returns user info with roles, platforms and permissions', async () => {
    const staff = (await t.call('GET', '/oa/api/auth/base/system/userinfo/get', { token: await t.login('staff') })).body.data;
    expect(staff.isAdmin).toBe(false);
    expect(staff.platformList.map((p: { platformInfo: { platformCode: string } }) => p.platformInfo.platformCode)).toContain('1');
    expect(staff.permissions.length).toBeGreaterThan(3);
    const admin = (await t.call('GET', '/oa/api/auth/base/system/userinfo/get', { token: await t.login('admin') })).body.data;
    expect(admin.isAdmin).toBe(true);
    expect(admin.roles.map((r: { roleCode: string }) => r.roleCode)).toContain('admin');
    expect(admin.permissions.length).toBeGreaterThan(staff.permissions.length);
  });

  it('userinfo, served from memory per session, answers what it shows now: roles, grants and functions changed in the database', async () => {
    const url = '/oa/api/auth/base/system/userinfo/get';
    const token = await t.login('lina');
    const get = async () => (await t.call('GET', url, { token })).body.data;
    const before = await get();
    expect(await get()).toEqual(before);
    expect(before.roles.map((r: { roleCode: string }) => r.roleCode)).not.toContain('doc_clerk');
    const db = t.ctx.db;
    await db.insertInto('sys_user_role').values({ user_code: 'lina', role_code: 'doc_clerk' }).execute();
    const granted = await get();
    expect(granted.roles.map((r: { roleCode: string }) => r.roleCode)).toContain('doc_clerk');
    const codes = (await db.selectFrom('sys_role_function').select('fun_code').where('role_code', '=', 'doc_clerk').execute()).map(
      (r) => r.fun_code,
    );
    expect(codes.length).toBeGreaterThan(0);
    expect(granted.permissions).toEqual(expect.arrayContaining(codes));
    await db.deleteFrom('sys_role_function').where('role_code', '=', 'doc_clerk').where('fun_code', '=', codes[0]!).execute();
    expect((await get()).permissions).not.toContain(codes[0]);
    await db.deleteFrom('sys_user_role').where('user_code', '=', 'lina').where('role_code', '=', 'doc_clerk').execute();
    await db.insertInto('sys_role_function').values({ role_code: 'doc_clerk', fun_code: codes[0]! }).execute();
    expect(await get()).toEqual(before);
  });

  it('builds the menu from the role functions; staff see only the default entries', async () => {
    const staffToken = await t.login('staff');
    const menu = (
      await t.call('GET', '/oa/api/auth/industry/common/roleFunListByUserCode', {
        token: staffToken,
        query: { isHidden: 'N', target: '0' },
      })
    ).body.data as Array<{ router: string | null; isHidden: string; menuType: string }>;
    const routers = menu.map((m) => m.router).filter(Boolean);
    expect(routers).toEqual(expect.arrayContaining(['/dashboard', '/process', '/personal']));
    expect(routers).not.toContain('/user');
    expect(menu.every((m) => m.isHidden === 'N' && m.menuType !== '2')).toBe(true);
    const all = (await t.call('GET', '/oa/api/auth/base/system/user/funList', { token: await t.login('admin') })).body.data as unknown[];
    expect(all.length).toBeGreaterThan(300);
  });

  it('logs out: the token stops working at once', async () => {
    const token = await t.login('staff');
    expect((await t.call('GET', '/oa/api/auth/base/logout', { token })).body.code).toBe(0);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token })).status).toBe(401);
  });

  it('changes the password: wrong old refused, other sessions revoked, new one works', async () => {
    const other = await t.login('leader');
    const token = await t.login('leader');
    const wrong = await t.call('PUT', '/oa/api/auth/base/system/changePassword', {
      token,
      body: { userCode: 'leader', oldPassword: H('Nope@1234'), password: H('New@12345') },
    });
    expect(wrong.body).toMatchObject({ code: 1006, message: '旧密码错误' });
    const notMine = await t.call('PUT', '/oa/api/auth/base/system/changePassword', {
      token,
      body: { userCode: 'admin', oldPassword: H('Oa@123456'), password: H('New@12345') },
    });
    expect(notMine.status).toBe(403);
    const res = await t.call('PUT', '/oa/api/auth/base/system/changePassword', {
      token,
      body: { userCode: 'leader', oldPassword: H('Oa@123456'), password: H('New@12345') },
    });
    expect(res.body).toMatchObject({ code: 0, message: '密码修改成功' });
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token })).status).toBe(200);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: other })).status).toBe(401);
    await expect(t.login('leader')).rejects.toThrow();
    await t.login('leader', 'New@12345');
  });

  it('resets the password with an SMS code: single use, wrong code counted', async () => {
    const token = await t.login('staff');
    const me = (await t.call('GET', '/oa/api/auth/base/system/user/info', { token })).body.data;
    const sent = await t.call('GET', '/oa/api/auth/base/system/sms/verification', {
      token,
      query: { mobile: me.mobile, source: 'oa-reset' },
    });
    expect(sent.body).toMatchObject({ code: 0, message: `验证码已发送至${me.mobile}` });
    const again = await t.call('GET', '/oa/api/auth/base/system/sms/verification', {
      token,
      query: { mobile: me.mobile, source: 'oa-reset' },
    });
    expect(again.body.code).not.toBe(0);
    const outbox = await t.ctx.db
      .selectFrom('sys_sms_outbox')
      .select('content')
      .where('mobile', '=', me.mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(outbox.content)![1];
    const bad = await t.call('PUT', '/oa/api/auth/base/system/resetPassword', {
      token,
      body: { userCode: 'staff', mobile: me.mobile, password: H('Reset@123'), captcha: code === '000000' ? '111111' : '000000' },
    });
    expect(bad.body.code).toBe(1005);
    const ok = await t.call('PUT', '/oa/api/auth/base/system/resetPassword', {
      token,
      body: { userCode: 'staff', mobile: me.mobile, password: H('Reset@123'), captcha: code },
    });
    expect(ok.body).toMatchObject({ code: 0, message: '密码重置成功' });
    const reuse = await t.call('PUT', '/oa/api/auth/base/system/resetPassword', {
      token,
      body: { userCode: 'staff', mobile: me.mobile, password: H('Reset@456'), captcha: code },
    });
    expect(reuse.body.code).toBe(1005);
    await t.login('staff', 'Reset@123');
    const badMobile = await t.call('GET', '/oa/api/auth/base/system/sms/verification', {
      token: await t.login('staff', 'Reset@123'),
      query: { mobile: '123' },
    });
    expect(badMobile.status).toBe(400);
  });

  it('reports an expired password after an admin reset', async () => {
    const token = await t.login('huangli');
    expect((await t.call('GET', '/oa/api/auth/base/system/password/status', { token })).body.code).toBe(0);
    await t.ctx.db.updateTable('sys_user').set({ password_reset: 'Y' }).where('user_code', '=', 'huangli').execute();
    const res = await t.call('GET', '/oa/api/auth/base/system/password/status', { token });
    expect(res.body).toMatchObject({ code: 1004, message: '您的密码已过期，请立即修改密码', data: { expired: true, reason: 'reset' } });
  });

  it('issues v1 and report tokens', async () => {
    const token = await t.login('admin');
    const v1 = await t.call('GET', '/oa/api/auth/base/system/v1/token', { token });
    expect(v1.body.code).toBe(0);
    expect(v1.body.message.split('.')).toHaveLength(3);
    const rep = await t.call('POST', '/oa/api/auth/industry/common/esen/getToken', { token });
    expect(rep.body.data).toMatchObject({ irptUrl: 'http://reports.example/irpt', expiresIn: 300 });
  });

  it('exchanges a portal ticket once for a session (SSO)', async () => {
    const ticket = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('staff')
      .setJti(`j${Math.random()}`)
      .setAudience('oa-sso')
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode('portal-secret'));
    const first = await t.call('GET', '/oa/api/base/system/sso', { query: { ticket } });
    expect(first.body.code).toBe(0);
    expect(first.body.data.user.userCode).toBe('staff');
    const second = await t.call('GET', '/oa/api/base/system/sso', { query: { ticket } });
    expect(second.status).toBe(401);
  });

  it('binds a device token to its device id (through the second step of an account with two factors)', async () => {
    const res = await t.call('POST', '/oa/api/base/system/authorize?deviceId=device-123456', {
      body: { username: 'admin', password: H('Oa@123456') },
    });
    expect(res.body.code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    const token = await passSecondStep(t.ctx.db, t.call, res.body.data);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token, headers: { 'auth-device': 'device-123456' } })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token, headers: { 'auth-device': 'other' } })).status).toBe(401);
  });
  it('serves an SVG captcha and says when it is required', async () => {
    const res = await t.call('POST', '/oa/api/base/system/captcha/getCaptcha', { body: { username: 'staff' } });
    expect(res.body.code).toBe(0);
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.body.data.required).toBe(false);
    const empty = await t.call('POST', '/oa/api/base/system/captcha/getCaptcha', {});
    expect(empty.body.code).toBe(0);
  });

  it('refuses bad input on every account call with 400 and changes nothing', async () => {
    const token = await t.login('xuming');
    const hashBefore = (
      await t.ctx.db.selectFrom('sys_user').select('password_hash').where('user_code', '=', 'xuming').executeTakeFirstOrThrow()
    ).password_hash;
    const long = 'x'.repeat(10_240);
    const bad: Array<[string, string, unknown, Record<string, string>?]> = [
      ['PUT', '/oa/api/auth/base/system/changePassword', {}],
      ['PUT', '/oa/api/auth/base/system/changePassword', { userCode: 'xuming', oldPassword: 1, password: H('A@12345678') }],
      ['PUT', '/oa/api/auth/base/system/changePassword', { userCode: long, oldPassword: H('Oa@123456'), password: H('A@12345678') }],
      ['PUT', '/oa/api/auth/base/system/changePassword', { userCode: 'xuming', oldPassword: H('Oa@123456'), password: long }],
      ['PUT', '/oa/api/auth/base/system/resetPassword', { mobile: '12', password: H('A@12345678'), captcha: '123456' }],
      ['PUT', '/oa/api/auth/base/system/resetPassword', { mobile: '13800000000', password: H('A@12345678'), captcha: long }],
      ['GET', '/oa/api/base/system/sms/verification', undefined, { mobile: long }],
      ['GET', '/oa/api/base/system/captcha/getMobileCaptcha', undefined, {}],
      ['GET', '/oa/api/base/system/sso', undefined, { ticket: long }],
      ['POST', '/oa/api/base/system/authorize', { username: 'admin', password: H('Oa@123456') }, { deviceId: '1' }],
      ['GET', '/oa/api/auth/industry/common/roleFunListByUserCode', undefined, { target: 'abc' }],
    ];
    for (const [method, url, body, query] of bad) {
      const res = await t.call(method as 'GET', url, { token, body, query });
      expect(res.status, `${method} ${url} ${JSON.stringify(body ?? query).slice(0, 50)}`).toBe(400);
      expect(res.body.message).toMatch(/字段/);
    }
    const hashAfter = (
      await t.ctx.db.selectFrom('sys_user').select('password_hash').where('user_code', '=', 'xuming').executeTakeFirstOrThrow()
    ).password_hash;
    expect(hashAfter).toBe(hashBefore);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token })).status).toBe(200);
  });

  it('audits logins, logouts and refusals', async () => {
    const token = await t.login('pengdan');
    await t.call('GET', '/oa/api/auth/base/logout', { token });
    const rows = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['action', 'result'])
      .where('user_code', '=', 'pengdan')
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'login', result: 'ok' },
        { action: 'logout', result: 'ok' },
      ]),
    );
  });
});
