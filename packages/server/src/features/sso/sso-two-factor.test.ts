import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { RunningOidcProvider } from '@oa/shared/test/oidc-provider-kit';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { startCasServer, type RunningCasServer } from '../../../test/cas-server-kit';
import { OA_ORIGIN, SsoBrowser } from '../../../test/sso-browser';
import { kitOidcConfig, startKitOidc } from '../../../test/oidc-kit';
import { addUsers } from '../../../test/user-rows';
import { demoTotpCode } from '../../../test/two-factor-kit';
import { allowAudits, refuseAction } from '../../../test/audit-refusal-kit';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { ssoConfigOf, type SsoConfig } from '../../core/identity/sso-config';
import type { Dialect } from '../../db/database';
import { totpCode } from '../../core/identity/totp';

const DIALECTS = await testDialects();
const STEP = '/oa/api/base/login/secondStep';
const ENROL = '/oa/api/base/login/enrol';

/**
 * Single sign-on obeys the second step (issue 36): an account with two factors — an administrator, or a holder of a
 * role whose policy requires them — gets from the SSO exchange the same SECOND_FACTOR_REQUIRED answer as the password
 * login, and no session before a code; wrong codes are refused and counted toward the same lockout; an account
 * required but not enrolled binds an authenticator at its first SSO sign-in. Against a real OpenID provider and a CAS
 * server, on both dialects.
 */

/** An app signing in through `sso`, whose `users` hold a role that requires two factors (not enrolled yet). */
async function appWith(dialect: Dialect, sso: SsoConfig, users: string[]): Promise<TestApp> {
  const t = await createTestApp(dialect, { notify: notifyConfigOf({ OA_PUBLIC_URL: OA_ORIGIN }, 0) });
  t.ctx.config.sso = sso;
  const at = new Date().toISOString();
  await addUsers(
    t.ctx.db,
    users.map((u, i) => ({ user_code: u, user_name: `单点双因素${i}` })),
  );
  await t.ctx.db
    .insertInto('sys_role')
    .values({ role_code: 'sso_tf_role', role_name: '财务主管', remark: null, sort_no: 99, platform_code: '1', created_at: at })
    .execute();
  await t.ctx.db
    .insertInto('sys_user_role')
    .values(users.map((u) => ({ user_code: u, role_code: 'sso_tf_role' })))
    .execute();
  await t.ctx.db
    .insertInto('sys_two_factor_role')
    .values({ role_code: 'sso_tf_role', required: 'Y', updated_at: at, updated_by: 'secadmin' })
    .execute();
  return t;
}

const sessionsOf = async (t: TestApp, userCode: string) =>
  (await t.ctx.db.selectFrom('sys_session').select('id').where('user_code', '=', userCode).execute()).length;
const failuresOf = async (t: TestApp, userCode: string) =>
  (await t.ctx.db.selectFrom('sys_login_attempt').select('failures').where('attempt_key', '=', `account:${userCode}`).executeTakeFirst())
    ?.failures ?? 0;
/** A code of `secret` that none of the three accepted steps shows. */
const wrongCode = (secret: string) => {
  const near = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d)));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
};
/** The demo administrator's code now, its last accepted step forgotten (other sign-ins of the run took steps). */
async function adminCode(t: TestApp): Promise<string> {
  await t.ctx.db.updateTable('sys_two_factor').set({ last_step: null }).where('user_code', '=', 'admin').execute();
  return demoTotpCode('admin');
}

/** The whole SSO sign-in up to the exchange's answer. */
const exchanged = async (t: TestApp, protocol: 'oidc' | 'cas', login: string, redirect = '/') =>
  (await new SsoBrowser(t).roundTrip(protocol, login, { redirect, password: 'pw' })).body;

/** The checks both protocols share: a mandatory account gets no session without its code; wrong codes count. */
function mandatorySecondStep(protocol: 'oidc' | 'cas', t: () => TestApp) {
  it(`${protocol}: an administrator gets the second step, not a session; a wrong code is refused and counted`, async () => {
    const before = await sessionsOf(t(), 'admin');
    const answer = await exchanged(t(), protocol, protocol === 'oidc' ? 'sub-admin' : 'admin', '/auditLog?x=1');
    expect(answer).toMatchObject({
      code: ErrorCode.SECOND_FACTOR_REQUIRED,
      message: '请输入动态口令完成登录',
      data: { enrol: false, methods: ['totp', 'recovery', 'sms'], redirect: '/auditLog?x=1' }, // the administrator has a bound mobile
    });
    expect(answer.data.token).toBeUndefined();
    expect(await sessionsOf(t(), 'admin')).toBe(before); // no session without the code
    const { challenge } = answer.data;
    expect((await t().call('GET', '/oa/api/auth/base/system/user/info', { token: challenge })).status).toBe(401);

    const wrong = await t().call('POST', STEP, {
      body: { challenge, method: 'totp', code: wrongCode('ASSOCOADEMOADMINTOTPSECRETKEY234') },
    });
    expect(wrong.body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_WRONG, message: '动态口令错误，请核对手机时间后重试' });
    expect(await failuresOf(t(), 'admin')).toBe(1); // the same counter as the password login's
    const failed = await t()
      .ctx.db.selectFrom('sys_audit')
      .select('detail')
      .where('action', '=', 'login.factor')
      .where('result', '=', 'fail')
      .where('user_code', '=', 'admin')
      .execute();
    expect(failed.some((a) => a.detail?.includes('"reason":"wrong"'))).toBe(true);

    const ok = await t().call('POST', STEP, { body: { challenge, method: 'totp', code: await adminCode(t()) } });
    expect(ok.body.code, ok.body.message).toBe(0);
    expect(ok.body.data.user.userCode).toBe('admin');
    expect(await failuresOf(t(), 'admin')).toBe(0);
    const session = await t()
      .ctx.db.selectFrom('sys_session')
      .select('kind')
      .where('user_code', '=', 'admin')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.kind).toBe('sso');
    const login = await t()
      .ctx.db.selectFrom('sys_audit')
      .select('detail')
      .where('action', '=', 'login')
      .where('result', '=', 'ok')
      .where('user_code', '=', 'admin')
      .execute();
    expect(login.some((a) => a.detail?.includes(`"method":"${protocol}"`) && a.detail.includes('"factor":"totp"'))).toBe(true);
    // the session knows its provider's logout, parked through the second step
    const logout = await t().call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token: ok.body.data.token });
    expect(logout.body.data.logoutUrl).toBeTruthy();
    if (protocol === 'oidc') expect(new URL(logout.body.data.logoutUrl).searchParams.get('id_token_hint')).toBeTruthy();
  });
}

describe.each(DIALECTS)('single sign-on with two factors (OpenID Connect) on %s', (dialect) => {
  let t: TestApp;
  let op: RunningOidcProvider;

  beforeAll(async () => {
    op = await startKitOidc([
      { login: 'sub-admin', preferred_username: 'admin', name: '系统管理员' },
      { login: 'sub-new', preferred_username: 'sso_tf_new', name: '新主管' },
      { login: 'sub-staff', preferred_username: 'staff', name: '职员' },
    ]);
    t = await appWith(dialect, kitOidcConfig(op), ['sso_tf_new']);
  });
  afterAll(async () => {
    await t?.close();
    await op?.stop();
  });

  mandatorySecondStep('oidc', () => t);

  it('an account with neither two factors nor a policy signs in at once, as before', async () => {
    const answer = await exchanged(t, 'oidc', 'sub-staff', '/message');
    expect(answer.code, answer.message).toBe(0);
    expect(answer.data).toMatchObject({ user: { userCode: 'staff' }, redirect: '/message' });
  });

  let recovery: string[] = [];
  it('a role requires two factors: the first SSO sign-in binds an authenticator (audited with it) before any session', async () => {
    const answer = await exchanged(t, 'oidc', 'sub-new', '/personal');
    expect(answer).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED, data: { enrol: true, methods: [], redirect: '/personal' } });
    expect(answer.message).toContain('财务主管');
    const { challenge } = answer.data;
    expect((await t.call('POST', STEP, { body: { challenge, method: 'recovery', code: 'aaaaa-aaaaa' } })).body.message).toBe(
      '请先绑定验证器',
    );
    const { secret } = (await t.call('POST', ENROL, { body: { challenge } })).body.data;
    const wrong = await t.call('POST', `${ENROL}/confirm`, { body: { challenge, code: wrongCode(secret) } });
    expect(wrong.body.code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    expect(await failuresOf(t, 'sso_tf_new')).toBe(1);
    expect(await sessionsOf(t, 'sso_tf_new')).toBe(0);

    // the enrolment and its audit row are one transaction: a refused row leaves the authenticator unbound
    await refuseAction(t, 'two-factor.enrol');
    try {
      expect((await t.call('POST', `${ENROL}/confirm`, { body: { challenge, code: totpCode(secret) } })).status).toBe(500);
    } finally {
      await allowAudits(t);
    }
    const pending = await t.ctx.db.selectFrom('sys_two_factor').selectAll().where('user_code', '=', 'sso_tf_new').executeTakeFirstOrThrow();
    expect(pending.secret_sealed).toBeNull();

    const done = await t.call('POST', `${ENROL}/confirm`, { body: { challenge, code: totpCode(secret) } });
    expect(done.body.code, done.body.message).toBe(0);
    expect(done.body.data.user.userCode).toBe('sso_tf_new');
    recovery = done.body.data.recoveryCodes;
    expect(recovery).toHaveLength(10);
    const enrolled = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['result', 'detail'])
      .where('action', '=', 'two-factor.enrol')
      .where('user_code', '=', 'sso_tf_new')
      .execute();
    expect(enrolled).toEqual([{ result: 'ok', detail: JSON.stringify({ atLogin: true, method: 'oidc' }) }]);
    expect((await t.call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token: done.body.data.token })).body.data.logoutUrl).toBeTruthy();
  });

  it('a recovery code signs in once, spent together with its audit row', async () => {
    const first = await exchanged(t, 'oidc', 'sub-new');
    expect(first.data).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    await refuseAction(t, 'two-factor.recovery-used');
    try {
      const refused = await t.call('POST', STEP, { body: { challenge: first.data.challenge, method: 'recovery', code: recovery[0] } });
      expect(refused.status).toBe(500);
    } finally {
      await allowAudits(t);
    }
    const ok = await t.call('POST', STEP, { body: { challenge: first.data.challenge, method: 'recovery', code: recovery[0] } });
    expect(ok.body.code, ok.body.message).toBe(0); // the refused row left the code unspent
    const used = await t.ctx.db
      .selectFrom('sys_audit')
      .select('result')
      .where('action', '=', 'two-factor.recovery-used')
      .where('user_code', '=', 'sso_tf_new')
      .execute();
    expect(used).toEqual([{ result: 'ok' }]);
    const again = await exchanged(t, 'oidc', 'sub-new');
    const spent = await t.call('POST', STEP, { body: { challenge: again.data.challenge, method: 'recovery', code: recovery[0] } });
    expect(spent.body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_WRONG, message: '恢复码错误或已使用' });
  });

  it('five wrong codes lock the account: the next SSO sign-in and the password login are refused', async () => {
    const { challenge } = (await exchanged(t, 'oidc', 'sub-new')).data;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await t.call('POST', STEP, { body: { challenge, method: 'totp', code: '000000' } })).body);
    expect(answers.slice(0, 3).every((a) => a.code === ErrorCode.SECOND_FACTOR_WRONG)).toBe(true);
    expect(answers.at(-1)!.message).toContain('账号已被临时锁定');
    expect((await new SsoBrowser(t).signIn('oidc', 'sub-new')).searchParams.get('ssoError')).toBe('locked');
    expect(
      (await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'sso_tf_new', password: hashPassword('Oa@123456') } })).body
        .code,
    ).toBe(ErrorCode.ACCOUNT_LOCKED);
  });

  it("a portal's ticket obeys the same rule", async () => {
    t.ctx.config.ssoSecret = 'portal-secret';
    const ticket = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setJti(`j${Math.random()}`)
      .setAudience('oa-sso')
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode('portal-secret'));
    const answer = await t.call('GET', '/oa/api/base/system/sso', { query: { ticket } });
    expect(answer.body).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED, data: { enrol: false } });
    const ok = await t.call('POST', STEP, { body: { challenge: answer.body.data.challenge, method: 'totp', code: await adminCode(t) } });
    expect(ok.body.code, ok.body.message).toBe(0);
  });
});

describe.each(DIALECTS)('single sign-on with two factors (CAS) on %s', (dialect) => {
  let t: TestApp;
  let cas: RunningCasServer;

  beforeAll(async () => {
    cas = await startCasServer(['admin', 'sso_tf_cas'].map((user) => ({ user, password: 'pw', attributes: {} })));
    t = await appWith(dialect, ssoConfigOf({ OA_CAS_URL: cas.baseUrl }), ['sso_tf_cas']);
  });
  afterAll(async () => {
    await t?.close();
    await cas?.stop();
  });

  mandatorySecondStep('cas', () => t);

  it('cas: a role requires two factors: the first sign-in binds an authenticator, then a code is asked', async () => {
    const answer = await exchanged(t, 'cas', 'sso_tf_cas', '/m/todo');
    expect(answer).toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED, data: { enrol: true, redirect: '/m/todo' } });
    const { challenge } = answer.data;
    expect(await sessionsOf(t, 'sso_tf_cas')).toBe(0);
    const { secret } = (await t.call('POST', ENROL, { body: { challenge } })).body.data;
    const done = await t.call('POST', `${ENROL}/confirm`, { body: { challenge, code: totpCode(secret) } });
    expect(done.body.code, done.body.message).toBe(0);
    expect(await sessionsOf(t, 'sso_tf_cas')).toBe(1);

    const next = await exchanged(t, 'cas', 'sso_tf_cas');
    expect(next.data).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    const wrong = await t.call('POST', STEP, { body: { challenge: next.data.challenge, method: 'totp', code: wrongCode(secret) } });
    expect(wrong.body.code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    expect(await failuresOf(t, 'sso_tf_cas')).toBe(1);
    const ok = await t.call('POST', STEP, {
      body: { challenge: next.data.challenge, method: 'totp', code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(ok.body.code, ok.body.message).toBe(0);
    expect(await sessionsOf(t, 'sso_tf_cas')).toBe(2);
  });
});
