import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/columnAuth';

describe.each(DIALECTS)('column publishing grants on %s', (dialect) => {
  let t: TestApp;
  /** column authorisation is the security administrator's (三员分立) */
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    sec = await t.login('secadmin');
  });
  afterAll(async () => t?.close());

  it('grants and revokes publishing per column', async () => {
    const cols = (await t.call('GET', `${P}/columns`, { token: sec })).body.data;
    expect(cols.map((c: { columnName: string }) => c.columnName)).toEqual(['协会动态', '通知公告', '内部通报', '行业资讯', '政策法规']);
    expect(
      (await t.call('POST', `${P}/grant`, { token: sec, body: { columnCode: 'col_notice', userCodes: ['staff', 'leader'] } })).body.code,
    ).toBe(0);
    expect((await t.call('POST', `${P}/grant`, { token: sec, body: { columnCode: 'col_notice', userCodes: ['staff'] } })).body.code).toBe(
      0,
    );
    const users = (await t.call('GET', `${P}/users`, { token: sec, query: { columnCode: 'col_notice' } })).body.data;
    expect(users.map((u: { userCode: string }) => u.userCode).sort()).toEqual(['leader', 'staff']);
    const staff = await t.login('staff');
    const myColumns = async () => (await t.call('GET', `${P}/myColumns`, { token: staff })).body.data as Array<{ columnCode: string }>;
    // staff already publishes in the demo columns of the news area; the new grant adds 通知公告 once
    const mine = await myColumns();
    expect(mine).toContainEqual({ columnCode: 'col_notice', columnName: '通知公告' });
    expect(mine.filter((c) => c.columnCode === 'col_notice')).toHaveLength(1);
    expect((await t.call('GET', `${P}/columns`, { token: staff })).status).toBe(403);
    expect((await t.call('GET', `${P}/columns`, { token: await t.login('admin') })).status).toBe(403);
    expect((await t.call('DELETE', `${P}/grant`, { token: sec, body: { columnCode: 'col_notice', userCodes: ['staff'] } })).body.code).toBe(
      0,
    );
    expect((await myColumns()).map((c) => c.columnCode)).not.toContain('col_notice');
    expect((await t.call('POST', `${P}/grant`, { token: sec, body: { columnCode: 'nope', userCodes: ['staff'] } })).status).toBe(404);
    expect(
      (await t.call('POST', `${P}/grant`, { token: sec, body: { columnCode: 'col_news', userCodes: ['ghost'] } })).body.message,
    ).toContain('ghost');
    expect((await t.call('POST', `${P}/grant`, { token: sec, body: { columnCode: 'col_news', userCodes: [] } })).status).toBe(400);
  });
});
