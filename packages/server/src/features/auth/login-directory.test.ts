import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { ErrorCode } from '@oa/shared/contract/error-codes';
import { accountKey } from '../../core/identity/login-lock';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { sampleConfig, startSampleDirectory, ZHAOYUN_PASSWORD } from '../../../test/directory-kit';
import { checkDirectoryPassword, DirectoryUnavailable } from '../../core/identity/directory-client';

/** Password login of directory accounts by an LDAP bind (a real slapd), local accounts unchanged, on both dialects. */

const DIALECTS = await testDialects();
const DOWN = '目录服务暂时无法连接，请稍后再试；本地账号不受影响';

describe.each(DIALECTS)('directory login on %s', (dialect) => {
  let t: TestApp;
  let ldap: Awaited<ReturnType<typeof startSampleDirectory>>;
  beforeAll(async () => {
    ldap = await startSampleDirectory();
    // no captcha: the lockout itself is what is counted here
    t = await createTestApp(dialect, { directory: sampleConfig(ldap.url), loginCaptcha: 'off' });
    const admin = await t.login('admin');
    expect((await t.call('POST', '/oa/api/auth/oa/ldapSync/apply', { token: admin, body: {} })).body.code).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    await ldap?.stop();
  });

  /** What the login page sends while a directory is configured: the hash and the password as typed. */
  const login = (username: string, password: string) =>
    t
      .call('POST', '/oa/api/base/browserLogin', { body: { username, password: hashPassword(password), directoryPassword: password } })
      .then((r) => r.body);
  const failures = async (account: string) =>
    (await t.ctx.db.selectFrom('sys_login_attempt').selectAll().where('attempt_key', '=', accountKey(account)).executeTakeFirst())
      ?.failures ?? 0;

  it('says the browser must send the typed password', async () => {
    const cfg = (await t.call('GET', '/oa/api/base/system/clientConfig')).body.data;
    expect(cfg.directoryLogin).toBe(true);
  });

  it('logs a directory account in by a bind with its directory password ({SSHA} and plain)', async () => {
    const r = await login('zhaoyun', ZHAOYUN_PASSWORD);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ user: { userCode: 'zhaoyun', userName: '赵云' }, needChangePass: false });
    expect((await login('machao', 'Machao#2026')).code).toBe(0);
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .select('result')
      .where('action', '=', 'login')
      .where('user_code', '=', 'zhaoyun')
      .execute();
    expect(audit.map((a) => a.result)).toContain('ok');
  });

  it('refuses a wrong directory password, the local-style hash alone, and counts each toward the lockout', async () => {
    const before = await failures('weiyan');
    const bad = await login('weiyan', 'Wrong#2026');
    expect(bad).toMatchObject({ code: ErrorCode.BAD_CREDENTIALS, message: '账号或密码错误' });
    const hashOnly = await t.call('POST', '/oa/api/base/browserLogin', {
      body: { username: 'weiyan', password: hashPassword('Weiyan#2026') },
    });
    expect(hashOnly.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(await failures('weiyan')).toBe(before + 2);
    for (let i = 0; i < 3; i++) await login('weiyan', `Wrong#${i}`);
    const locked = await login('weiyan', 'Weiyan#2026');
    expect(locked.code).toBe(ErrorCode.ACCOUNT_LOCKED);
  });

  it('refuses an unknown name like a wrong password, without telling it apart', async () => {
    const r = await login('nobody-here', 'Whatever#1');
    expect(r).toMatchObject({ code: ErrorCode.BAD_CREDENTIALS, message: '账号或密码错误' });
    expect(await failures('nobody-here')).toBe(1);
  });

  it('keeps local accounts on their local password, also for a name the directory holds', async () => {
    // admin's local password is accepted: the answer asks for its second factor (its role requires two factors)
    expect((await login('admin', 'Oa@123456')).code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    expect((await login('admin', 'Dir#admin1')).code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await login('staff', 'Oa@123456')).code).toBe(0);
  });

  it('a directory that is down: a clear message for directory accounts, not counted; local accounts still log in', async () => {
    const url = t.ctx.config.directory!.url;
    t.ctx.config.directory!.url = 'ldap://127.0.0.1:1';
    try {
      const before = await failures('huangzhong');
      const r = await login('huangzhong', 'Huang#2026');
      expect(r).toMatchObject({ code: ErrorCode.BUSINESS, message: DOWN });
      expect(await failures('huangzhong')).toBe(before);
      expect((await login('leader', 'Oa@123456')).code).toBe(0);
    } finally {
      t.ctx.config.directory!.url = url;
    }
    expect((await login('huangzhong', 'Huang#2026')).code).toBe(0);
  });

  it('a disabled directory account cannot log in even with its directory password', async () => {
    ldap.remove('uid=machao,ou=会员部,ou=departments,dc=assoc,dc=test');
    const admin = await t.login('admin');
    await t.call('POST', '/oa/api/auth/oa/ldapSync/apply', { token: admin, body: {} });
    expect((await login('machao', 'Machao#2026')).code).toBe(ErrorCode.BAD_CREDENTIALS);
  });
});

describe('directory login over STARTTLS and ldaps://, and filter values', () => {
  let ldap: Awaited<ReturnType<typeof startSampleDirectory>>;
  beforeAll(async () => {
    ldap = await startSampleDirectory({ tls: true });
  });
  afterAll(async () => ldap?.stop());

  it('binds over STARTTLS and ldaps:// when the CA is trusted, and refuses an untrusted certificate as unavailable', async () => {
    const trusted = { ...sampleConfig(ldap.url, { OA_LDAP_STARTTLS: 'on' }), ca: ldap.ca };
    expect(await checkDirectoryPassword(trusted, 'zhaoyun', ZHAOYUN_PASSWORD)).toBe('ok');
    expect(await checkDirectoryPassword(trusted, 'zhaoyun', 'Wrong#1')).toBe('bad');
    const ldaps = { ...sampleConfig(ldap.ldapsUrl!), ca: ldap.ca };
    expect(await checkDirectoryPassword(ldaps, 'zhaoyun', ZHAOYUN_PASSWORD)).toBe('ok');
    expect(await checkDirectoryPassword(ldaps, 'zhaoyun', 'Wrong#1')).toBe('bad');
    const untrusted = sampleConfig(ldap.url, { OA_LDAP_STARTTLS: 'on' });
    await expect(checkDirectoryPassword(untrusted, 'zhaoyun', ZHAOYUN_PASSWORD)).rejects.toThrow(DirectoryUnavailable);
  });

  it('matches a login as a value, never as filter syntax; an empty password never binds', async () => {
    const cfg = sampleConfig(ldap.url);
    for (const login of ['zhao*', '*', 'zhaoyun)(uid=*', '*)(|(uid=*'])
      expect(await checkDirectoryPassword(cfg, login, ZHAOYUN_PASSWORD), login).toBe('bad');
    expect(await checkDirectoryPassword(cfg, 'zhaoyun', '')).toBe('bad');
    expect(await checkDirectoryPassword(cfg, 'zhaoyun', ZHAOYUN_PASSWORD)).toBe('ok');
  });
});
