import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@oa/shared/crypto/signature';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The request signature is anti-automation only (README, Security): its secret is public, so it must
 * grant nothing — every decision rests on the session and the route's permission.
 */
describe('the public signing secret grants nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  const signedBy = async (secret: string, appId: string, pathname: string) => {
    const ts = String(Date.now());
    return { 'auth-appid': appId, 'auth-timestamp': ts, 'auth-signature': await signRequest(secret, pathname, ts, appId) };
  };

  it('hands out only the public signing parameters, and a request signed with them still needs a session', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/oa/api/base/system/clientConfig' })).json().data;
    for (const [method, url] of [
      ['GET', '/oa/api/auth/base/system/user/info'],
      ['PUT', '/oa/api/auth/base/system/changePassword'],
      ['GET', '/oa/api/auth/base/system/userinfo/get'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: await signedBy(cfg.secret, cfg.appId, url),
        ...(method === 'PUT' ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("a signed request with another user's session gets only that user's rights", async () => {
    const staff = await t.login('staff');
    const res = await t.call('GET', '/oa/api/auth/oa/user/list', { token: staff });
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/oa/api/auth/oa/user/list', { token: await t.login('admin') })).status).toBe(200);
  });
});
