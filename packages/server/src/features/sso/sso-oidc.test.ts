import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningOidcProvider } from '@oa/shared/test/oidc-provider-kit';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { OA_ORIGIN, SsoBrowser } from '../../../test/sso-browser';
import { kitOidcConfig, startKitOidc } from '../../../test/oidc-kit';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { ssoConfigOf } from '../../core/identity/sso-config';
import { ssoSelfCheck } from './sso.service';

const DIALECTS = await testDialects();

/** Single sign-on against a real OpenID provider (oidc-provider), driven over HTTP like a browser. */
describe.each(DIALECTS)('OpenID Connect sign-in on %s', (dialect) => {
  let t: TestApp;
  let op: RunningOidcProvider;
  const env = (extra: Record<string, string> = {}) => kitOidcConfig(op, extra);

  beforeAll(async () => {
    op = await startKitOidc([
      { login: 'sub-zw', preferred_username: 'zhangwei', name: '张伟', email: 'zw@example.org' },
      { login: 'sub-other', preferred_username: 'nobody-here', name: '外部人员' },
      { login: 'sub-new', preferred_username: 'sso.newcomer', name: '新同事', dept: 'D01', email: 'newcomer@example.org' },
      { login: 'sub-leader', preferred_username: 'leader', name: '王建国' },
    ]);
    t = await createTestApp(dialect, { notify: notifyConfigOf({ OA_PUBLIC_URL: OA_ORIGIN }, 0) });
    t.ctx.config.sso = env();
  });
  afterAll(async () => {
    await t?.close();
    await op?.stop();
  });

  const audits = (reason: string) =>
    t.ctx.db
      .selectFrom('sys_audit')
      .select(['detail', 'result'])
      .where('action', '=', 'login')
      .where('detail', 'like', `%"reason":"${reason}"%`)
      .execute();

  it('offers the button through the public config, discovers the provider and signs in with PKCE', async () => {
    const cfg = await t.call('GET', '/oa/api/base/system/clientConfig');
    expect(cfg.body.data.sso).toEqual({ protocol: 'oidc', label: '使用统一身份认证登录' });
    const b = new SsoBrowser(t);
    const landed = await b.signIn('oidc', 'sub-zw', { redirect: '/m/approval/detail?id=7' });
    const auth = b.authorizationUrl!;
    expect(auth.origin).toBe(op.issuer); // the provider's authorization endpoint, from discovery
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(landed.pathname).toBe('/oa/login');
    const code = landed.searchParams.get('sso')!;
    expect(code).toBeTruthy();
    expect(op.codeVerifiers.length).toBe(1); // the token request proved the verifier

    const answer = await b.exchange(code);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data.user.userCode).toBe('zhangwei');
    expect(answer.body.data.redirect).toBe('/m/approval/detail?id=7'); // the deep link survives
    const me = await t.call('GET', '/oa/api/auth/base/system/user/info', { token: answer.body.data.token });
    expect(me.body.data.userCode).toBe('zhangwei');
    expect((await b.exchange(code)).body.code).not.toBe(0); // once only
    const ok = await t.ctx.db
      .selectFrom('sys_audit')
      .select('detail')
      .where('action', '=', 'login')
      .where('user_code', '=', 'zhangwei')
      .where('result', '=', 'ok')
      .execute();
    expect(ok.some((a) => a.detail?.includes('"method":"oidc"'))).toBe(true);
    expect(await ssoSelfCheck(t.ctx)).toMatchObject({ configured: true, protocol: 'oidc', linkedIdentities: 1 });
  });

  it('keeps only a safe relative return path', async () => {
    for (const [asked, kept] of [
      ['https://evil.example/x', '/'],
      ['//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['/login?redirect=/x', '/'],
      ['/personal/info', '/personal/info'],
    ]) {
      const b = new SsoBrowser(t);
      expect((await b.roundTrip('oidc', 'sub-zw', { redirect: asked })).body.data.redirect).toBe(kept);
    }
  });

  it('refuses a bad state, another browser, and a hand-over in another browser', async () => {
    const b = new SsoBrowser(t);
    const landed = await b.signIn('oidc', 'sub-zw', { alter: (cb) => cb.searchParams.set('state', 'forged-state-value') });
    expect(landed.searchParams.get('ssoError')).toBe('state');

    const started = new SsoBrowser(t);
    const toProvider = await started.atOa('/oa/api/base/sso/oidc/start');
    const callback = await started.atProvider(toProvider, 'sub-zw');
    const stranger = new SsoBrowser(t); // no cookie of the sign-in: a login CSRF
    expect(new URL(await stranger.atOa(callback.pathname + callback.search), OA_ORIGIN).searchParams.get('ssoError')).toBe('state');

    const c = new SsoBrowser(t);
    const code = (await c.signIn('oidc', 'sub-zw')).searchParams.get('sso')!;
    const other = new SsoBrowser(t);
    other.oaCookie = 'oa_sso_browser=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect((await other.exchange(code)).body.code).not.toBe(0);
    expect((await audits('state')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an ID token whose claims were changed, that is unsigned, or signed by another key', async () => {
    try {
      for (const how of ['claims', 'unsigned', 'foreign-key'] as const) {
        op.tamper = how;
        const landed = await new SsoBrowser(t).signIn('oidc', 'sub-zw');
        expect(landed.searchParams.get('ssoError'), how).toBe('token');
        expect(landed.searchParams.get('sso')).toBeNull();
      }
    } finally {
      op.tamper = 'none';
    }
    expect((await audits('token')).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the link when the provider renames someone, and never re-matches the old name to another person', async () => {
    op.people.get('sub-zw')!.preferred_username = 'leader'; // renamed at the provider
    try {
      const b = new SsoBrowser(t);
      expect((await b.roundTrip('oidc', 'sub-zw')).body.data.user.userCode).toBe('zhangwei');
      op.people.get('sub-other')!.preferred_username = 'zhangwei'; // someone else now carries the old name
      expect((await new SsoBrowser(t).signIn('oidc', 'sub-other')).searchParams.get('ssoError')).toBe('taken');
    } finally {
      op.people.get('sub-zw')!.preferred_username = 'zhangwei';
      op.people.get('sub-other')!.preferred_username = 'nobody-here';
    }
  });

  it('refuses an unknown person unless auto-create is on; then creates ordinary staff in the claimed department', async () => {
    expect((await new SsoBrowser(t).signIn('oidc', 'sub-new')).searchParams.get('ssoError')).toBe('unmatched');
    expect(
      await t.ctx.db.selectFrom('sys_user').select('user_code').where('user_code', '=', 'sso.newcomer').executeTakeFirst(),
    ).toBeUndefined();

    t.ctx.config.sso = env({ OA_SSO_AUTO_CREATE: 'on', OA_SSO_DEPT_CLAIM: 'dept', OA_SSO_DEFAULT_DEPT: 'D02' });
    try {
      const b = new SsoBrowser(t);
      const answer = await b.roundTrip('oidc', 'sub-new');
      expect(answer.body.data.user).toMatchObject({ userCode: 'sso.newcomer', userName: '新同事', deptCode: 'D01' });
      const roles = await t.ctx.db.selectFrom('sys_user_role').select('role_code').where('user_code', '=', 'sso.newcomer').execute();
      expect(roles).toEqual([]); // the default role only, as every account
      const platforms = await t.ctx.db
        .selectFrom('sys_user_platform')
        .select('platform_code')
        .where('user_code', '=', 'sso.newcomer')
        .execute();
      expect(platforms.map((p) => p.platform_code)).toEqual(['1']);
      const info = await t.call('GET', '/oa/api/auth/base/system/userinfo/get', { token: answer.body.data.token });
      expect(info.body.code).toBe(0);
      const created = await t.ctx.db
        .selectFrom('sys_audit')
        .select('target')
        .where('action', '=', 'user.create')
        .where('target', '=', 'sso.newcomer')
        .execute();
      expect(created.length).toBe(1);
    } finally {
      t.ctx.config.sso = env();
    }
  });

  it('refuses a disabled or locked account with a clear message', async () => {
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'leader').execute();
    try {
      const landed = await new SsoBrowser(t).signIn('oidc', 'sub-leader');
      expect(landed.searchParams.get('ssoError')).toBe('disabled');
    } finally {
      await t.ctx.db.updateTable('sys_user').set({ status: 'Y' }).where('user_code', '=', 'leader').execute();
    }
    const until = new Date(Date.now() + 600_000).toISOString();
    await t.ctx.db
      .insertInto('sys_login_attempt')
      .values({ attempt_key: 'account:leader', failures: 5, window_start: new Date().toISOString(), locked_until: until })
      .execute();
    try {
      expect((await new SsoBrowser(t).signIn('oidc', 'sub-leader')).searchParams.get('ssoError')).toBe('locked');
    } finally {
      await t.ctx.db.deleteFrom('sys_login_attempt').where('attempt_key', '=', 'account:leader').execute();
    }
  });

  it('never tells an SSO session to change the password it did not use; the password login still is', async () => {
    await t.ctx.db.updateTable('sys_user').set({ password_reset: 'Y' }).where('user_code', '=', 'zhangwei').execute();
    try {
      const b = new SsoBrowser(t);
      const token = (await b.roundTrip('oidc', 'sub-zw')).body.data.token;
      expect((await t.call('GET', '/oa/api/auth/base/system/password/status', { token })).body.code).toBe(0);
      expect((await t.call('GET', '/oa/api/auth/base/system/userinfo/get', { token })).body.data.needChangePass).toBe(false);
      const byPassword = await t.login('zhangwei');
      expect((await t.call('GET', '/oa/api/auth/base/system/password/status', { token: byPassword })).body.code).toBe(1004);
    } finally {
      await t.ctx.db.updateTable('sys_user').set({ password_reset: 'N' }).where('user_code', '=', 'zhangwei').execute();
    }
  });

  it('logs out at the provider too (RP-initiated logout), once', async () => {
    const b = new SsoBrowser(t);
    const token = (await b.roundTrip('oidc', 'sub-zw')).body.data.token;
    const asked = await t.call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token });
    const url = new URL(asked.body.data.logoutUrl);
    expect(url.origin + url.pathname).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${OA_ORIGIN}/oa/login`);
    expect((await b.atProvider(url.href, 'sub-zw')).href).toBe(`${OA_ORIGIN}/oa/login`);
    expect((await t.call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token })).body.data.logoutUrl).toBeNull();
    // a password session has no provider to log out of
    expect((await t.call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token: await t.login('staff') })).body.data.logoutUrl).toBeNull();
  });

  it('with nothing configured: no button, the routes refuse', async () => {
    t.ctx.config.sso = null;
    try {
      expect((await t.call('GET', '/oa/api/base/system/clientConfig')).body.data.sso).toBeNull();
      const start = await t.app.inject({ method: 'GET', url: '/oa/api/base/sso/oidc/start' });
      expect(start.json().code).not.toBe(0);
      expect(await ssoSelfCheck(t.ctx)).toMatchObject({ configured: false, protocol: null });
      // a provider that cannot be reached: the login page says so (the password login is untouched)
      t.ctx.config.sso = ssoConfigOf({ OA_OIDC_ISSUER: 'http://127.0.0.1:9', OA_OIDC_CLIENT_ID: 'x' });
      const down = await t.app.inject({ method: 'GET', url: '/oa/api/base/sso/oidc/start' });
      expect(down.statusCode).toBe(302);
      expect(down.headers.location).toBe('/oa/login?ssoError=provider');
    } finally {
      t.ctx.config.sso = env();
    }
  });
});
