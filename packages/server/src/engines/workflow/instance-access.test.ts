import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const REC = '/oa/api/auth/oa/records/oa_lend';
const INSTANCE = '/oa/api/auth/oa/process/instance';

/** The approval trail of a record is read under the record's own read check, not `<module>:read`. */
describe.each(DIALECTS)('instance view access on %s', (dialect) => {
  let t: TestApp;
  let recordId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const lina = await t.login('lina'); // 行业发展部 (D02)
    const sub = await t.call('POST', `${REC}/submit`, {
      token: lina,
      body: { data: { item: '投影仪', quantity: 1, purpose: '部门会议', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-03' } },
    });
    expect(sub.body.code).toBe(0);
    recordId = sub.body.data.id;
  });
  afterAll(async () => t?.close());

  const view = async (user: string) => t.call('GET', INSTANCE, { token: await t.login(user), query: { moduleCode: 'oa_lend', recordId } });

  it('refuses staff of another department who hold the module read permission', async () => {
    const staff = await t.login('staff'); // 办公室 (D01)
    expect((await t.call('GET', `${REC}/get`, { token: staff, query: { id: recordId } })).status).toBe(404);
    const res = await view('staff');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('投影仪');
  });

  it('answers the initiator, the department leader (who may read the record) and the process administrator', async () => {
    expect((await view('lina')).body.data.current).toMatchObject({ initiator: 'lina' });
    const leader = await t.login('zhangwei');
    expect((await t.call('GET', `${REC}/get`, { token: leader, query: { id: recordId } })).body.code).toBe(0);
    expect((await view('zhangwei')).body.code).toBe(0);
    expect((await view('admin')).body.code).toBe(0);
  });
});
