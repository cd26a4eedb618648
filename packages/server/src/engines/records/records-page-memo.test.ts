import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, fakeFile } from '../../../test/records/records-fixture';

const DIALECTS = await testDialects();

/**
 * Issue 35: a list's page is kept in memory under `business_record_version` (db/answer-memo.ts), keyed by the
 * page's own query, which carries the reader. The next page after any write — the writer's own, through the services
 * or straight into the table — is read again; one reader's kept page is never another's.
 */
describe.each(DIALECTS)('list pages kept under the records counter on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};

  const submit = async (user: string, reason: string) => {
    const file = await fakeFile(t, user);
    const res = await t.call('POST', `${base('oa_stamp')}/submit`, {
      token: token[user],
      body: { data: { reason, sealType: '公章', copies: 1, files: [file] } },
    });
    expect(res.body.code, res.body.message).toBe(0);
  };
  const page = async (user: string, query: Record<string, string> = {}) => {
    const res = await t.call('GET', `${base('oa_stamp')}/list`, { token: token[user], query: { pageSize: '5', ...query } });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.list as Array<{ id: string; applicant: string; title: string; data: Record<string, unknown> }>;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['admin', 'staff', 'chenjing']) token[u] = await t.login(u);
    for (let i = 0; i < 3; i++) await submit('staff', `页面${i}`);
    await submit('chenjing', '别人的申请');
  });
  afterAll(async () => t?.close());

  it('shows the writer’s own acknowledged write on the next page', async () => {
    const before = await page('staff');
    expect(await page('staff')).toEqual(before);
    await submit('staff', '刚提交的');
    const after = await page('staff');
    expect(after[0]!.data.reason).toBe('刚提交的');
    expect(after.map((r) => r.id)).not.toEqual(before.map((r) => r.id));
  });

  it('shows a row written outside the services (another instance, a script) on the next page', async () => {
    const [first] = await page('admin', { view: 'manage' });
    await page('admin', { view: 'manage' });
    await t.ctx.db.updateTable('business_record').set({ title: '库中改写的标题' }).where('id', '=', first!.id).execute();
    expect((await page('admin', { view: 'manage' }))[0]!.title).toBe('库中改写的标题');
  });

  it('never answers one reader with another reader’s kept page', async () => {
    const staffPage = await page('staff');
    expect(staffPage.length).toBeGreaterThan(0);
    const theirs = await page('chenjing');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.applicant === 'chenjing')).toBe(true);
    expect((await page('staff')).every((r) => r.applicant === 'staff')).toBe(true);
    // the manager's view of the same list is its own page
    expect((await page('admin', { view: 'manage' })).some((r) => r.applicant === 'chenjing')).toBe(true);
  });
});
