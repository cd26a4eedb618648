import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { openSession } from '../../core/identity/sessions';
import { checkSession } from '../../core/identity/token-session';

const DIALECTS = await testDialects();

/**
 * Menu and API come from one grant (issue 32): for every demo user, every page or button the menu and the
 * function list answer is a permission the session guard grants, and every folder holds one of them.
 */
describe.each(DIALECTS)('menu entries are granted permissions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('every demo user: no menu or function-list entry the guard refuses', async () => {
    const users = await t.ctx.db.selectFrom('sys_user').select('user_code').where('status', '=', 'Y').orderBy('user_code').execute();
    expect(users.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const { user_code } of users) {
      const token = await openSession(t.ctx, user_code, 'web', { ip: '127.0.0.1', userAgent: 'vitest', deviceId: null });
      const check = await checkSession(t.ctx, token);
      if (!check.ok) throw new Error(`no session for ${user_code}`);
      if (check.isAdmin) continue;
      const granted = await check.permissions();
      const answers: FunctionItem[] = [];
      for (const target of ['0', '1', '2']) {
        const menu = await t.call('GET', '/oa/api/auth/industry/common/roleFunListByUserCode', { token, query: { isHidden: 'N', target } });
        answers.push(...(menu.body.data ?? []));
      }
      answers.push(...((await t.call('GET', '/oa/api/auth/base/system/user/funList', { token })).body.data ?? []));
      const byCode = new Map(answers.map((f) => [f.funCode, f]));
      const holding = new Set<string>();
      for (const f of answers.filter((a) => granted.has(a.funCode)))
        for (let p = byCode.get(f.parentCode ?? ''); p && !holding.has(p.funCode); p = byCode.get(p.parentCode ?? ''))
          holding.add(p.funCode);
      for (const f of answers) {
        const ok = f.menuType === '0' ? holding.has(f.funCode) : granted.has(f.funCode);
        if (!ok) refused.push(`${user_code}: ${f.funCode} ${f.router ?? ''}`);
      }
    }
    expect([...new Set(refused)]).toEqual([]);
  });

  it('the 受托 and 服务 home tabs are there only for a user of their platform (issue 32)', async () => {
    const tabs = async (user: string) => {
      const token = await t.login(user);
      const menu = await t.call('GET', '/oa/api/auth/industry/common/roleFunListByUserCode', {
        token,
        query: { isHidden: 'N', target: '0' },
      });
      return (menu.body.data as FunctionItem[]).filter((f) => f.parentCode === 'home').map((f) => f.funCode);
    };
    const staff = await tabs('staff');
    expect(staff).toContain('home_work');
    expect(staff).not.toContain('home_mandatory');
    expect(staff).not.toContain('home_service');
    expect(await tabs('leader')).toEqual(expect.arrayContaining(['home_mandatory', 'home_service']));
    const token = await t.login('staff');
    const userinfo = await t.call('GET', '/oa/api/auth/base/system/user/funList', { token });
    expect((userinfo.body.data as FunctionItem[]).map((f) => f.funCode)).not.toContain('home_service');
  });
});
