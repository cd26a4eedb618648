import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { LoginLock, OnlineSession } from '@oa/shared/contract/account-security';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/accountSecurity';

describe.each(DIALECTS)('账号与会话 on %s', (dialect) => {
  let t: TestApp;
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { loginCaptcha: 'off' });
    sec = await t.login('secadmin');
  });
  afterAll(async () => t?.close());

  const login = async (username: string, password: string) =>
    (await t.call('POST', '/oa/api/base/browserLogin', { body: { username, password: hashPassword(password) } })).body;
  const sessions = async (userCode?: string) =>
    (await t.call('GET', `${P}/sessions`, { token: sec, query: userCode ? { userCode } : {} })).body.data.list as OnlineSession[];

  it('lists an account the lockout locked, and lifts it: the right password then works', async () => {
    for (let i = 0; i < 5; i++) await login('huangli', 'Bad@12345');
    expect((await login('huangli', 'Oa@123456')).code).toBe(1008);
    const locks = (await t.call('GET', `${P}/locks`, { token: sec })).body.data as LoginLock[];
    const lock = locks.find((l) => l.name === 'huangli')!;
    expect(lock).toMatchObject({ kind: 'account', key: 'account:huangli', userCode: 'huangli', failures: 5 });
    expect(lock.userName).toBeTruthy();
    const res = await t.call('POST', `${P}/unlock`, { token: sec, body: { key: lock.key } });
    expect(res.body).toMatchObject({ code: 0, message: '已解除锁定' });
    expect((await login('huangli', 'Oa@123456')).code).toBe(0);
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', 'account.unlock').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_code: 'secadmin', target: 'account:huangli', result: 'ok' });
    expect((await t.call('POST', `${P}/unlock`, { token: sec, body: { key: lock.key } })).status).toBe(404);
    expect((await t.call('POST', `${P}/unlock`, { token: sec, body: {} })).status).toBe(400);
  });

  it("lists open sessions with person and device, ends one (the person's next request is refused), and all of a person's", async () => {
    const a = await t.login('staff');
    const b = await t.login('staff');
    const open = await sessions('staff');
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open[0]).toMatchObject({ userCode: 'staff', current: false });
    expect(open[0]!.userName).toBeTruthy();
    const me = (await sessions('secadmin')).find((s) => s.current)!;
    expect(me).toBeTruthy();
    expect((await t.call('POST', `${P}/endSession`, { token: sec, body: { id: me.id } })).body.message).toBe(
      '不能在此结束自己当前的会话，请使用“退出”',
    );

    const ofA = (await t.call('GET', '/oa/api/auth/oa/personal/sessions', { token: a })).body.data.find(
      (s: { current: boolean }) => s.current,
    );
    expect((await t.call('POST', `${P}/endSession`, { token: sec, body: { id: ofA.id } })).body.code).toBe(0);
    expect((await t.call('GET', '/oa/api/auth/oa/personal/sessions', { token: a })).status).toBe(401);
    expect((await t.call('GET', '/oa/api/auth/oa/personal/sessions', { token: b })).status).toBe(200);

    const all = await t.call('POST', `${P}/endUserSessions`, { token: sec, body: { userCode: 'staff' } });
    expect(all.body.data.count).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/oa/api/auth/oa/personal/sessions', { token: b })).status).toBe(401);
    expect(await sessions('staff')).toEqual([]);
    const ended = await t.ctx.db.selectFrom('sys_audit').select(['target', 'user_code']).where('action', '=', 'session.end').execute();
    expect(ended.every((e) => e.target === 'staff' && e.user_code === 'secadmin')).toBe(true);
    expect(ended.length).toBe(2);
  });

  it('belongs to the security administrator alone', async () => {
    for (const who of ['admin', 'auditor', 'staff']) {
      const token = await t.login(who);
      expect((await t.call('GET', `${P}/locks`, { token })).status, who).toBe(403);
      expect((await t.call('GET', `${P}/sessions`, { token })).status, who).toBe(403);
      expect((await t.call('POST', `${P}/endUserSessions`, { token, body: { userCode: 'leader' } })).status, who).toBe(403);
    }
  });
});
