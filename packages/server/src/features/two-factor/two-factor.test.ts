import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { addUsers } from '../../../test/user-rows';
import { demoTotpCode } from '../../../test/two-factor-kit';
import { hashStoredPassword } from '../../core/identity/password';
import { totpCode } from '../../core/identity/totp';
import { twoFactorControl } from './two-factor.compliance';
import { twoFactorEvidence } from './two-factor.service';

const DIALECTS = await testDialects();
const H = hashPassword;
const T = '/oa/api/auth/oa/twoFactor';
const STEP = '/oa/api/base/login/secondStep';
/** the code of the step after now: accepted (one step of drift) and later than the step an enrolment claimed */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe.each(DIALECTS)('two factors on %s', (dialect) => {
  let t: TestApp;
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // the policy and the reset belong to the security administrator (三员分立)
    sec = await t.login('secadmin');
    const password_hash = await hashStoredPassword(H('Oa@123456'));
    await addUsers(
      t.ctx.db,
      ['tf_a', 'tf_b', 'tf_c', 'tf_d', 'tf_e', 'tf_f'].map((u, i) => ({
        user_code: u,
        user_name: `双因素${i}`,
        password_hash,
        mobile: `1390000100${i}`,
      })),
    );
  });
  afterAll(() => t?.close());

  const password = (username: string) => t.call('POST', '/oa/api/base/browserLogin', { body: { username, password: H('Oa@123456') } });
  const audits = (action: string, userCode: string) =>
    t.ctx.db.selectFrom('sys_audit').select(['result', 'detail']).where('action', '=', action).where('user_code', '=', userCode).execute();

  /** Enrols through 个人中心: a wrong confirming code changes nothing, the right one answers ten recovery codes. */
  async function enrol(user: string): Promise<{ secret: string; codes: string[] }> {
    const token = await t.login(user);
    const start = await t.call('POST', `${T}/enrol`, { token });
    expect(start.body.code).toBe(0);
    const { secret, otpauthUrl, qrDataUrl } = start.body.data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await t.call('POST', `${T}/confirm`, { token, body: { code: wrong } })).body.code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    expect((await t.call('GET', `${T}/status`, { token })).body.data.enrolled).toBe(false);
    const ok = await t.call('POST', `${T}/confirm`, { token, body: { code: totpCode(secret) } });
    expect(ok.body.code).toBe(0);
    const codes = ok.body.data.recoveryCodes as string[];
    expect(new Set(codes).size).toBe(10);
    expect((await t.call('GET', `${T}/status`, { token })).body.data).toMatchObject({ enrolled: true, recoveryLeft: 10, required: false });
    // stored sealed and hashed: neither the secret nor a recovery code is in the database as written
    const row = await t.ctx.db.selectFrom('sys_two_factor').selectAll().where('user_code', '=', user).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed).toMatch(/^sm4:1:/); // SM4 under the data keys, as every sensitive value
    const hashes = await t.ctx.db.selectFrom('sys_two_factor_recovery').select('code_hash').where('user_code', '=', user).execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);
    return { secret, codes };
  }

  it('enrols, then the password alone gets a challenge; a code is taken once (no replay)', async () => {
    const { secret } = await enrol('tf_a');
    expect((await audits('two-factor.enrol', 'tf_a')).map((a) => a.result)).toEqual(['fail', 'ok']);
    const first = await password('tf_a');
    expect(first.body.code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    expect(first.body.data).toMatchObject({ enrol: false, methods: ['totp', 'recovery', 'sms'], maskedMobile: '139****1000' });
    expect(first.body.data.token).toBeUndefined();
    // the challenge is no session
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: first.body.data.challenge })).status).toBe(401);
    const code = nextCode(secret);
    const signedIn = await t.call('POST', STEP, { body: { challenge: first.body.data.challenge, method: 'totp', code } });
    expect(signedIn.body.code, signedIn.body.message).toBe(0);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: signedIn.body.data.token })).status).toBe(200);
    const again = await password('tf_a');
    const replay = await t.call('POST', STEP, { body: { challenge: again.body.data.challenge, method: 'totp', code } });
    expect(replay.body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_WRONG, message: expect.stringContaining('已使用') });
    expect((await audits('login.factor', 'tf_a')).map((a) => JSON.parse(a.detail!).reason)).toEqual(['replay']);
  });

  it('a recovery code works once and is audited', async () => {
    const { codes } = await enrol('tf_b');
    const use = async () => {
      const c = await password('tf_b');
      return t.call('POST', STEP, { body: { challenge: c.body.data.challenge, method: 'recovery', code: codes[3].toUpperCase() } });
    };
    expect((await use()).body.code).toBe(0);
    expect((await use()).body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_WRONG, message: '恢复码错误或已使用' });
    expect(await audits('two-factor.recovery-used', 'tf_b')).toHaveLength(1);
    const token = await t.login('staff');
    expect((await t.call('POST', `${T}/reset`, { token, body: { userCode: 'tf_b' } })).status).toBe(403);
  });

  it('wrong codes count toward the login lockout', async () => {
    const { secret } = await enrol('tf_c');
    const { challenge } = (await password('tf_c')).body.data;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await t.call('POST', STEP, { body: { challenge, method: 'totp', code: '000000' } })).body);
    expect(answers.slice(0, 4).every((a) => a.code === ErrorCode.SECOND_FACTOR_WRONG && a.message.startsWith('动态口令错误'))).toBe(true);
    expect(answers[4].message).toContain('账号已被临时锁定');
    const right = await t.call('POST', STEP, { body: { challenge, method: 'totp', code: nextCode(secret) } });
    expect(right.body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect((await password('tf_c')).body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
  });

  it('an SMS code to the bound mobile is a second factor (the SMS outbox)', async () => {
    await enrol('tf_d');
    const { challenge } = (await password('tf_d')).body.data;
    const sent = await t.call('POST', `${STEP}/sms`, { body: { challenge } });
    expect(sent.body).toMatchObject({ code: 0, message: '验证码已发送至139****1003' });
    const msg = await t.ctx.db
      .selectFrom('sys_sms_outbox')
      .select('content')
      .where('mobile', '=', '13900001003')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(msg.content)![1];
    expect(
      (await t.call('POST', STEP, { body: { challenge, method: 'sms', code: '999999' === code ? '888888' : '999999' } })).body.code,
    ).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    const ok = await t.call('POST', STEP, { body: { challenge, method: 'sms', code } });
    expect(ok.body.code, ok.body.message).toBe(0);
  });

  it('a role that requires two factors: its holder only enrols before getting a session; an administrator resets', async () => {
    await t.ctx.db
      .insertInto('sys_role')
      .values({
        role_code: 'tf_role',
        role_name: '财务主管',
        remark: null,
        sort_no: 99,
        platform_code: '1',
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'tf_e', role_code: 'tf_role' }).execute();
    const save = await t.call('POST', `${T}/policy/save`, { token: sec, body: { roleCode: 'tf_role', required: true } });
    expect(save.body.code).toBe(0);
    expect((await t.call('POST', `${T}/policy/save`, { token: sec, body: { roleCode: 'tf_role' } })).status).toBe(400);
    const list = (await t.call('GET', `${T}/policy/list`, { token: sec })).body.data;
    expect(list.find((r: { roleCode: string }) => r.roleCode === 'tf_role')).toEqual({
      roleCode: 'tf_role',
      roleName: '财务主管',
      required: true,
      holders: 1,
      enrolled: 0,
    });

    const login = await password('tf_e');
    expect(login.body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED, data: { enrol: true, methods: [] } });
    expect(login.body.message).toContain('财务主管');
    const { challenge } = login.body.data;
    // nothing but enrolment: no API call, no second step
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: challenge })).status).toBe(401);
    expect((await t.call('GET', `${T}/status`, { token: challenge })).status).toBe(401);
    expect((await t.call('POST', STEP, { body: { challenge, method: 'recovery', code: 'aaaaa-aaaaa' } })).body.message).toBe(
      '请先绑定验证器',
    );
    const start = await t.call('POST', '/oa/api/base/login/enrol', { body: { challenge } });
    const { secret } = start.body.data;
    expect((await t.call('POST', '/oa/api/base/login/enrol/confirm', { body: { challenge, code: '12345' } })).status).toBe(400);
    const done = await t.call('POST', '/oa/api/base/login/enrol/confirm', { body: { challenge, code: totpCode(secret) } });
    expect(done.body.code, done.body.message).toBe(0);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    const token = done.body.data.token;
    const status = (await t.call('GET', `${T}/status`, { token })).body.data;
    expect(status).toMatchObject({ enrolled: true, required: true, requiredBy: ['财务主管'] });
    // required: cannot be disabled by its holder
    expect((await t.call('POST', `${T}/disable`, { token, body: { password: H('Oa@123456') } })).body.message).toContain('不能停用');

    // an administrator resets it (a lost phone): the sessions end, the next login enrols again
    const reset = await t.call('POST', `${T}/reset`, { token: sec, body: { userCode: 'tf_e' } });
    expect(reset.body.code).toBe(0);
    expect((await t.call('GET', `${T}/status`, { token })).status).toBe(401);
    expect((await password('tf_e')).body.data.enrol).toBe(true);
    expect((await audits('two-factor.reset', 'secadmin'))[0]).toMatchObject({ result: 'ok' });
  });

  it('disabling and new recovery codes need a current code or the password', async () => {
    const { secret, codes } = await enrol('tf_f');
    const token = (
      await t.call('POST', STEP, {
        body: { challenge: (await password('tf_f')).body.data.challenge, method: 'recovery', code: codes[0] },
      })
    ).body.data.token;
    expect((await t.call('POST', `${T}/recovery`, { token, body: {} })).status).toBe(400);
    const fresh = await t.call('POST', `${T}/recovery`, { token, body: { code: nextCode(secret) } });
    expect(fresh.body.data.recoveryCodes).toHaveLength(10);
    expect(fresh.body.data.recoveryCodes).not.toContain(codes[1]);
    expect((await t.call('POST', `${T}/disable`, { token, body: { password: H('Wrong@123') } })).body.message).toBe('登录密码错误');
    expect((await t.call('POST', `${T}/disable`, { token, body: { password: H('Oa@123456') } })).body.code).toBe(0);
    expect((await password('tf_f')).body.code).toBe(0);
    expect((await audits('two-factor.disable', 'tf_f')).map((a) => a.result)).toEqual(['fail', 'ok']);
  });

  it('the demo administrator signs in with the seeded secret; the self-check counts the required roles', async () => {
    const c = await password('admin');
    expect(c.body.code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
    await t.ctx.db.updateTable('sys_two_factor').set({ last_step: null }).where('user_code', '=', 'admin').execute();
    expect(
      (await t.call('POST', STEP, { body: { challenge: c.body.data.challenge, method: 'totp', code: demoTotpCode('admin') } })).body.code,
    ).toBe(0);
    const evidence = await twoFactorEvidence(t.ctx);
    const role = evidence.requiredRoles.find((r) => r.roleCode === 'admin')!;
    expect(role.required).toBe(true);
    expect(role.enrolled).toBeGreaterThanOrEqual(1);
    expect(evidence.requiredEnrolled).toBeLessThanOrEqual(evidence.requiredHolders);
    expect(evidence.enrolledTotal).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', `${T}/policy/list`, { token: await t.login('staff') })).status).toBe(403);
    // the system administrator keeps no security policy (三员分立)
    expect((await t.call('GET', `${T}/policy/list`, { token: await t.login('admin') })).status).toBe(403);
    // the self-check: the three administrator roles require two factors and their holders enrolled (the role of the
    // earlier case, whose holder was reset, is not required any more)
    await t.ctx.db.deleteFrom('sys_two_factor_role').where('role_code', '=', 'tf_role').execute();
    const control = await twoFactorControl.check({ ctx: t.ctx, now: new Date().toISOString() });
    expect(control.state).toBe('pass');
    await t.ctx.db.deleteFrom('sys_two_factor_role').where('role_code', '=', 'auditadmin').execute();
    const weaker = await twoFactorControl.check({ ctx: t.ctx, now: new Date().toISOString() });
    expect(weaker.state).toBe('partial');
    expect(weaker.evidence.find((e) => e.label === '未要求双因素的管理员角色')?.value).toBe('审计管理员');
  });
});
