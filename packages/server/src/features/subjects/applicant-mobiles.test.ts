import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { lastSentCode, solvedCaptcha } from '../../../test/sms-kit';
import { isSealed, newKeySpec, openField, parseKeyring, searchHash } from '../../lib/field-cipher';
import { ACCOUNT_MOBILE_PURPOSE, plainApplicantMobiles } from '../../db/applicant-mobiles';
import { UNSEALED_SENSITIVE, resealColumns, sealedColumnState } from '../../db/sealed-columns';
import { m118SealedMobiles } from '../../db/migrations/118-sealed-mobiles';
import { fieldProtectionEvidence } from '../../core/crypto/field-protection';
import { mobileLookup } from '../../core/identity/account-mobile';
import { mobileTaken } from './applicants.repository';

/**
 * The account mobiles of outside applicants at rest (issue 36): sealed in sys_user.mobile_sealed beside a keyed hash,
 * never in plain text; registration, its duplicate check, signing in and resetting the password by mobile work through
 * the hash; migration 118 moves stored plaintext; data:rekey moves envelope and hash to the newest key.
 */
const DIALECTS = await testDialects();
const R = '/oa/api/base/oa/fweb';
const SMS = '/oa/api/base/system/sms/verification';
const SEEDED = { user: 'applicant', mobile: '18528756362' };

describe.each(DIALECTS)('outside applicants’ mobiles at rest on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const db = () => t.ctx.db;
  const row = (userCode: string) => db().selectFrom('sys_user').selectAll().where('user_code', '=', userCode).executeTakeFirstOrThrow();
  const captcha = () => solvedCaptcha(db());
  const lastCode = (mobile: string) => lastSentCode(db(), mobile);
  /** no column of the account's row holds the number */
  const noPlaintext = async (userCode: string, mobile: string) => {
    const r = await row(userCode);
    expect(r.mobile).toBeNull();
    expect(isSealed(r.mobile_sealed)).toBe(true);
    expect(JSON.stringify(r)).not.toContain(mobile);
    expect(openField(t.ctx.fieldKeys, ACCOUNT_MOBILE_PURPOSE, r.mobile_sealed!)).toBe(mobile);
    expect(r.mobile_hash).toBe(searchHash(t.ctx.fieldKeys, ACCOUNT_MOBILE_PURPOSE, mobile));
  };

  it('registration stores the mobile sealed; the duplicate check, the session and signing in by mobile go by its hash', async () => {
    await noPlaintext(SEEDED.user, SEEDED.mobile);
    const mobile = '13700001188';
    expect((await t.call('POST', `${R}/registerSms`, { body: { mobile, captchaKey: await captcha(), captcha: 'wxyz' } })).body.code).toBe(
      0,
    );
    const body = {
      userCode: 'sealed1',
      userName: '外部申报人',
      mobile,
      orgName: '某大学',
      password: hashPassword('Abc@123456'),
      smsCode: await lastCode(mobile),
    };
    expect((await t.call('POST', `${R}/register`, { body })).body.code).toBe(0);
    await noPlaintext('sealed1', mobile);
    // the duplicate check of registration finds it (and the seeded applicant's) by the hash
    for (const m of [mobile, SEEDED.mobile]) {
      const again = await t.call('POST', `${R}/registerSms`, { body: { mobile: m, captchaKey: await captcha(), captcha: 'wxyz' } });
      expect(again.body).toMatchObject({ code: 1, message: '该手机号已注册，请直接登录' });
    }
    // so do the administrator's form and the staff's account form
    const admin = await t.login('admin');
    const user = { userCode: 'dup1', userName: '重复', deptCode: 'D01', mobile, platforms: ['1'], password: 'a'.repeat(64) };
    const refused = await t.call('POST', '/oa/api/auth/oa/user/insert', { token: admin, body: user });
    expect(refused.body.message).toBe(`手机号码 ${mobile} 已被用户「sealed1」使用`);
    // signing in with the mobile as the account name; the session user carries the number, opened
    const token = await t.login(mobile, 'Abc@123456');
    const info = await t.call('GET', '/oa/api/auth/base/system/user/info', { token });
    expect(info.body.data).toMatchObject({ userCode: 'sealed1', mobile });
    // the login's audit row names the account masked
    const audit = await db()
      .selectFrom('sys_audit')
      .select('target')
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe('137****1188');
  });

  it('resets a forgotten password by the sealed mobile', async () => {
    const sent = await t.call('GET', SMS, {
      query: { mobile: SEEDED.mobile, source: 'oa-reset', captchaKey: await captcha(), imageCaptcha: 'wxyz' },
    });
    expect(sent.body.code).toBe(0);
    const res = await t.call('PUT', '/oa/api/base/system/resetPassword', {
      body: { mobile: SEEDED.mobile, password: hashPassword('Forgot@123'), captcha: await lastCode(SEEDED.mobile) },
    });
    expect(res.body).toMatchObject({ code: 0 });
    await t.login(SEEDED.user, 'Forgot@123');
    await noPlaintext(SEEDED.user, SEEDED.mobile);
  });

  it('the administrator sees the applicant’s number and saves the account without unsealing it', async () => {
    const admin = await t.login('admin');
    const got = await t.call('GET', '/oa/api/auth/oa/user/get', { token: admin, query: { userCode: SEEDED.user } });
    expect(got.body.data).toMatchObject({ mobile: SEEDED.mobile, platforms: ['19'] });
    const { userCode, userName, sex, tel, email, room, position, deptCode, platforms } = got.body.data;
    const body = { userCode, userName, sex, mobile: '13700002299', tel, email, room, position, deptCode, platforms, sortNo: 1 };
    expect((await t.call('PUT', '/oa/api/auth/oa/user/update', { token: admin, body })).body.code).toBe(0);
    await noPlaintext(SEEDED.user, '13700002299');
    const audit = await db()
      .selectFrom('sys_audit')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'user.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // before and after name the numbers masked, never in full nor as their envelope
    const logged = `${audit.before_json}|${audit.after_json}`;
    expect(logged).toContain('6362');
    expect(logged).toContain('2299');
    for (const m of ['13700002299', SEEDED.mobile, 'sm4:1:']) expect(logged).not.toContain(m);
    body.mobile = SEEDED.mobile;
    expect((await t.call('PUT', '/oa/api/auth/oa/user/update', { token: admin, body })).body.code).toBe(0);
  });

  it('migration 118 moves a stored plaintext mobile (idempotent), leaves staff mobiles, and the self-check finds none left', async () => {
    const staff = await row('staff');
    // as before the migration: the applicants' numbers in the plain column
    const sealed = await db()
      .selectFrom('sys_user')
      .select(['user_code', 'mobile_sealed'])
      .where('mobile_sealed', 'is not', null)
      .execute();
    expect(sealed.length).toBeGreaterThanOrEqual(3);
    for (const s of sealed)
      await db()
        .updateTable('sys_user')
        .set({ mobile: openField(t.ctx.fieldKeys, ACCOUNT_MOBILE_PURPOSE, s.mobile_sealed!), mobile_sealed: null, mobile_hash: null })
        .where('user_code', '=', s.user_code)
        .execute();
    expect(await plainApplicantMobiles(db())).toBe(sealed.length);
    const before = await fieldProtectionEvidence({ db: db(), fieldKeys: { ...t.ctx.fieldKeys, source: 'env' } });
    expect(before.ok).toBe(false);
    await expect(m118SealedMobiles.up(db(), dialect)).rejects.toThrow(/迁移 118 需要数据密钥/);
    await m118SealedMobiles.up(db(), dialect, t.ctx.fieldKeys);
    await m118SealedMobiles.up(db(), dialect, t.ctx.fieldKeys);
    expect(await plainApplicantMobiles(db())).toBe(0);
    await noPlaintext(SEEDED.user, SEEDED.mobile);
    expect(await row('staff')).toEqual(staff);
    // the self-check's encryption control: no plaintext left, nothing listed as not covered
    const after = await fieldProtectionEvidence({ db: db(), fieldKeys: { ...t.ctx.fieldKeys, source: 'env' } });
    expect(after.columns.find((c) => c.column === 'sys_user.mobile_sealed')).toMatchObject({ plaintext: 0, olderKey: 0 });
    expect(after.ok).toBe(true);
    expect(UNSEALED_SENSITIVE).toEqual([]);
  });

  it('data:rekey moves the sealed mobile and its hash to the newest key; lookups work under the new keyring', async () => {
    const old = t.ctx.fieldKeys;
    const ring = parseKeyring(newKeySpec('rekey2'), 'env');
    // the new key first, the old one still configured
    const both = { ...ring, all: new Map([...ring.all, ...old.all]) };
    expect(await mobileTaken(db(), mobileLookup(both, SEEDED.mobile))).toBe(true);
    const counts = await resealColumns(db(), both, { rekey: true });
    expect(counts.find((c) => c.column === 'sys_user.mobile_sealed')!.rekeyed).toBeGreaterThanOrEqual(3);
    const r = await row(SEEDED.user);
    expect(r.mobile_sealed!.startsWith('sm4:1:rekey2:')).toBe(true);
    expect(r.mobile_hash).toBe(searchHash(both, ACCOUNT_MOBILE_PURPOSE, SEEDED.mobile));
    expect((await sealedColumnState(db(), both)).find((c) => c.column === 'sys_user.mobile_sealed')).toMatchObject({
      plaintext: 0,
      olderKey: 0,
    });
    // the old key removed: found by the new key's hash alone, opened by it
    expect(await mobileTaken(db(), mobileLookup(ring, SEEDED.mobile))).toBe(true);
    expect(openField(ring, ACCOUNT_MOBILE_PURPOSE, r.mobile_sealed!)).toBe(SEEDED.mobile);
    expect(await mobileTaken(db(), mobileLookup(old, SEEDED.mobile))).toBe(false);
  });
});
