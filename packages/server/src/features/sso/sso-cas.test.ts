import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { startCasServer, type RunningCasServer } from '../../../test/cas-server-kit';
import { OA_ORIGIN, SsoBrowser } from '../../../test/sso-browser';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { ssoConfigOf } from '../../core/identity/sso-config';
import { ssoSelfCheck } from './sso.service';

const DIALECTS = await testDialects();

/** Single sign-on through CAS 2.0 / 3.0 against a CAS-protocol server started by the test. */
describe.each(DIALECTS)('CAS sign-in on %s', (dialect) => {
  let t: TestApp;
  let cas: RunningCasServer;
  const use = (extra: Record<string, string> = {}) => {
    t.ctx.config.sso = ssoConfigOf({ OA_CAS_URL: cas.baseUrl, ...extra });
  };

  beforeAll(async () => {
    cas = await startCasServer([
      { user: 'zhangwei', password: 'pw-1', attributes: { mail: 'zw@example.org', displayName: '张伟' } },
      { user: 'u20931', password: 'pw-2', attributes: { mail: 'Leader@Assoc.org.cn', employeeNumber: 'E1' } },
      { user: 'casnew', password: 'pw-3', attributes: { displayName: '卡斯新人', dept: 'D02' } },
    ]);
    t = await createTestApp(dialect, { notify: notifyConfigOf({ OA_PUBLIC_URL: OA_ORIGIN }, 0) });
    use();
  });
  afterAll(async () => {
    await t?.close();
    await cas?.stop();
  });

  it('CAS 3.0: signs in by the CAS user, validating the ticket at p3/serviceValidate for exactly the service', async () => {
    expect((await t.call('GET', '/oa/api/base/system/clientConfig')).body.data.sso).toMatchObject({ protocol: 'cas' });
    const b = new SsoBrowser(t);
    const landed = await b.signIn('cas', 'zhangwei', { password: 'pw-1', redirect: '/m/todo' });
    expect(b.authorizationUrl!.href.startsWith(`${cas.baseUrl}/login?service=`)).toBe(true);
    const [path, service] = cas.validations.at(-1)!;
    expect(path).toBe('/cas/p3/serviceValidate');
    expect(service.startsWith(`${OA_ORIGIN}/oa/api/base/sso/cas/callback?state=`)).toBe(true);
    const answer = await b.exchange(landed.searchParams.get('sso')!);
    expect(answer.body.data).toMatchObject({ user: { userCode: 'zhangwei' }, redirect: '/m/todo' });
    expect(await ssoSelfCheck(t.ctx)).toMatchObject({ configured: true, protocol: 'cas', linkedIdentities: 1 });
  });

  it('refuses a replayed or forged ticket and a forged state', async () => {
    const b = new SsoBrowser(t);
    let callback: URL | null = null;
    await b.signIn('cas', 'zhangwei', { password: 'pw-1', alter: (cb) => void (callback = new URL(cb)) });
    // the same ticket again, in a new sign-in of the same browser: the CAS server has spent it
    const state = new URL(await b.atOa('/oa/api/base/sso/cas/start'));
    const service = new URL(state.searchParams.get('service')!);
    const replay = `${service.pathname}${service.search}&ticket=${callback!.searchParams.get('ticket')}`;
    expect(new URL(await b.atOa(replay), OA_ORIGIN).searchParams.get('ssoError')).toBe('provider');
    const forged = await b.signIn('cas', 'zhangwei', { password: 'pw-1', alter: (cb) => cb.searchParams.set('state', 'x'.repeat(32)) });
    expect(forged.searchParams.get('ssoError')).toBe('state');
  });

  it('matches by a configured attribute (e-mail, any case) and creates an account only when allowed', async () => {
    use({ OA_CAS_MATCH_ATTRIBUTE: 'mail' });
    try {
      const b = new SsoBrowser(t);
      expect((await b.roundTrip('cas', 'u20931', { password: 'pw-2' })).body.data.user.userCode).toBe('leader');
    } finally {
      use();
    }
    expect((await new SsoBrowser(t).signIn('cas', 'casnew', { password: 'pw-3' })).searchParams.get('ssoError')).toBe('unmatched');
    use({ OA_SSO_AUTO_CREATE: 'on', OA_SSO_NAME_CLAIM: 'displayName', OA_SSO_DEPT_CLAIM: 'dept', OA_SSO_DEFAULT_DEPT: 'D01' });
    try {
      const b = new SsoBrowser(t);
      expect((await b.roundTrip('cas', 'casnew', { password: 'pw-3' })).body.data.user).toMatchObject({
        userCode: 'casnew',
        userName: '卡斯新人',
        deptCode: 'D02',
      });
    } finally {
      use();
    }
  });

  it('CAS 2.0: serviceValidate (no attributes); a disabled account is refused', async () => {
    use({ OA_CAS_VERSION: '2.0' });
    try {
      const b = new SsoBrowser(t);
      const landed = await b.signIn('cas', 'zhangwei', { password: 'pw-1' });
      expect(cas.validations.at(-1)![0]).toBe('/cas/serviceValidate');
      expect((await b.exchange(landed.searchParams.get('sso')!)).body.data.user.userCode).toBe('zhangwei');
      await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'zhangwei').execute();
      expect((await new SsoBrowser(t).signIn('cas', 'zhangwei', { password: 'pw-1' })).searchParams.get('ssoError')).toBe('disabled');
    } finally {
      await t.ctx.db.updateTable('sys_user').set({ status: 'Y' }).where('user_code', '=', 'zhangwei').execute();
      use();
    }
  });

  it('logs out at the CAS server, which returns to the login page', async () => {
    const b = new SsoBrowser(t);
    const token = (await b.roundTrip('cas', 'zhangwei', { password: 'pw-1' })).body.data.token;
    const url = (await t.call('GET', '/oa/api/auth/oa/sso/logoutUrl', { token })).body.data.logoutUrl;
    expect(url).toBe(`${cas.baseUrl}/logout?service=${encodeURIComponent(`${OA_ORIGIN}/oa/login`)}`);
    expect((await b.atProvider(url, 'zhangwei')).href).toBe(`${OA_ORIGIN}/oa/login`);
    // the CAS session is over: the next sign-in asks for the password again
    const again = await fetch(`${cas.baseUrl}/login?service=x`, {
      headers: { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(await again.text()).toContain('name="password"');
  });
});
