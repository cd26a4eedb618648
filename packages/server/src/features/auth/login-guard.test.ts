import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { trustProxyOf } from '../../config';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const H = hashPassword;
const DIALECTS = await testDialects();
const LOCKED = '账号已被临时锁定，请15分钟后再试；如需立即解锁，请联系管理员';

describe('OA_TRUST_PROXY', () => {
  it('is off by default and never "trust everyone"', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => trustProxyOf('true')).toThrow(/OA_TRUST_PROXY/);
  });
});

describe.each(DIALECTS)('login attempts and proxies on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const login = (username: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.call('POST', '/oa/api/base/browserLogin', { body: { username, password: H(password), ...extra }, headers }).then((r) => r.body);
  /** Plants a captcha whose answer is known (the image itself is random). */
  const solved = async () => {
    const key = randomBytes(8).toString('hex');
    await t.ctx.db
      .insertInto('sys_captcha')
      .values({
        captcha_key: key,
        answer_hash: createHash('sha256').update('abcd').digest('hex'),
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        used: 'N',
      })
      .execute();
    return { captchaKey: key, captcha: 'abcd' };
  };
  const state = (username?: string) =>
    t.call('POST', '/oa/api/base/system/loginState', { body: username ? { username } : {} }).then((r) => r.body);

  it('ignores a spoofed X-Forwarded-For: the per-IP limit holds and the audit keeps the real address', async () => {
    const strict = await createTestApp(dialect, { loginRatePerMin: 30 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await strict.call('POST', '/oa/api/base/browserLogin', {
          body: { username: `nobody${i}`, password: H('Bad@12345') },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.status);
      }
      expect(codes.filter((c) => c === 429).length).toBe(5);
      const ips = await strict.ctx.db.selectFrom('sys_audit').select('ip').distinct().where('action', '=', 'login').execute();
      expect(ips.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await strict.close();
    }
  });

  it('honours X-Forwarded-For from a configured proxy', async () => {
    const proxied = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] });
    try {
      await proxied.call('POST', '/oa/api/base/browserLogin', {
        body: { username: 'nobody', password: H('Bad@12345') },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      const row = await proxied.ctx.db.selectFrom('sys_audit').select('ip').where('action', '=', 'login').executeTakeFirstOrThrow();
      expect(row.ip).toBe('198.51.100.7');
    } finally {
      await proxied.close();
    }
  });

  it('counts 20 concurrent wrong passwords as 20: only the first three get a password verdict', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => login('zhangwei', 'Bad@12345')));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 1001).length).toBe(3);
    expect(codes.filter((c) => c === 1002).length).toBe(17);
    expect((await state('zhangwei')).data).toEqual({ captchaRequired: true, lockedMinutes: null });
  });

  it('does not let the right password through a burst of wrong ones (lockout at 5, concurrently)', async () => {
    const captchas = await Promise.all(Array.from({ length: 20 }, () => solved()));
    const results = await Promise.all(captchas.map((c, i) => login('wangfang', i === 19 ? 'Oa@123456' : 'Bad@12345', c)));
    const verdicts = results.filter((r) => r.code === 0 || r.code === 1001);
    const locked = results.filter((r) => r.code === 1008);
    expect(verdicts.length).toBeLessThanOrEqual(5);
    expect(locked.length).toBeGreaterThanOrEqual(15);
    expect(locked[0].message).toBe(LOCKED);
  });

  it('says a name is locked, and for how long, the same way whether or not the account exists', async () => {
    for (const name of ['huangli', 'no-such-user']) {
      for (let i = 0; i < 5; i++) expect((await login(name, 'Bad@12345', await solved())).code).toBe(1001);
      expect(await login(name, 'Oa@123456', await solved())).toMatchObject({ code: 1008, message: LOCKED });
      expect((await state(name)).data).toEqual({ captchaRequired: true, lockedMinutes: 15 });
    }
    const audits = await t.ctx.db
      .selectFrom('sys_audit')
      .select('detail')
      .where('action', '=', 'login')
      .where('target', '=', 'huangli')
      .execute();
    expect(audits.some((a) => a.detail?.includes('"reason":"locked"'))).toBe(true);
  });

  it('lets the administrator lift a lock by resetting the password', async () => {
    expect((await state('huangli')).data.lockedMinutes).toBe(15);
    const admin = await t.login('admin');
    expect(
      (
        await t.call('PUT', '/oa/api/auth/oa/user/resetPassword', {
          token: admin,
          body: { userCode: 'huangli', password: H('Temp@2026x') },
        })
      ).body.code,
    ).toBe(0);
    expect((await state('huangli')).data).toEqual({ captchaRequired: false, lockedMinutes: null });
    expect((await login('huangli', 'Temp@2026x')).code).toBe(0);
  });

  it('asks a captcha of one account after 3 failures, of a whole address only after the higher threshold', async () => {
    const app = await createTestApp(dialect, { loginIpCaptchaAfter: 8 });
    try {
      const st = (u: string) => app.call('POST', '/oa/api/base/system/loginState', { body: { username: u } }).then((r) => r.body.data);
      const fail = (u: string) =>
        app.call('POST', '/oa/api/base/browserLogin', { body: { username: u, password: H('Bad@12345') } }).then((r) => r.body.code);
      expect(await st('typo1')).toEqual({ captchaRequired: false, lockedMinutes: null });
      for (let i = 0; i < 3; i++) expect(await fail('typo1')).toBe(1001);
      expect((await st('typo1')).captchaRequired).toBe(true);
      // three typos of one person do not put a captcha on the colleague behind the same address
      expect((await st('colleague')).captchaRequired).toBe(false);
      for (let i = 0; i < 5; i++) expect(await fail(`other${i}`)).toBe(1001);
      expect((await st('colleague')).captchaRequired).toBe(true);
      expect(await fail('colleague')).toBe(1002);
    } finally {
      await app.close();
    }
  });

  it('refuses a malformed login-state question with 400', async () => {
    const res = await t.call('POST', '/oa/api/base/system/loginState', { body: { username: 'x'.repeat(100) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/username/);
  });
});
