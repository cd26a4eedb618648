import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, fakeFile } from '../../../test/records/records-fixture';
import { cacheTriggerName } from '../../db/cache-triggers';

const DIALECTS = await testDialects();

/**
 * Issue 18: list totals are kept under `business_record_version` (migration 088, db/count-memo.ts). Every write to
 * business_record — through the services or not, inside a transaction or not — shows in the next request's total.
 */
describe.each(DIALECTS)('list totals kept under the records counter on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    staff = await t.login('staff');
    const file = await fakeFile(t, 'staff');
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', `${base('oa_stamp')}/submit`, {
        token: staff,
        body: { data: { reason: `计数${i}`, sealType: i % 2 ? '公章' : '法人章', copies: 1, files: [file] } },
      });
      expect(res.body.code, res.body.message).toBe(0);
    }
  });
  afterAll(async () => t?.close());

  /** The manage view's total (pages of 2, so that the total is counted rather than read off a short page). */
  const total = async (filters?: object) => {
    const res = await t.call('GET', `${base('oa_stamp')}/list`, {
      token: admin,
      query: { view: 'manage', pageSize: '2', ...(filters ? { filters: JSON.stringify(filters) } : {}) },
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.total as number;
  };
  const version = async () =>
    Number((await t.ctx.db.selectFrom('business_record_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version);

  it('shows every write in the next total, whoever writes', async () => {
    const all = await total();
    const sealed = await total({ sealType: '公章' });
    expect(all).toBeGreaterThanOrEqual(5);
    expect(await total()).toBe(all);

    const stored = await t.ctx.db
      .selectFrom('business_record')
      .selectAll()
      .where('module', '=', 'oa_stamp')
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    // PostgreSQL's slot columns (migration 089) are filled by its trigger, not copied
    const row = Object.fromEntries(Object.entries(stored).filter(([k]) => !k.startsWith('facet_'))) as typeof stored;
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const v0 = await version();
    // written outside the services, the way a script or another instance would
    await t.ctx.db
      .insertInto('business_record')
      .values({ ...row, id: 'memo-1', serial_no: null, instance_id: null, data: JSON.stringify({ ...data, sealType: '公章' }) })
      .execute();
    expect(await version()).toBeGreaterThan(v0);
    expect(await total()).toBe(all + 1);
    expect(await total({ sealType: '公章' })).toBe(sealed + 1);

    await t.ctx.db.updateTable('business_record').set({ status: 'draft' }).where('id', '=', 'memo-1').execute();
    expect(await total()).toBe(all);
    await t.ctx.db.updateTable('business_record').set({ status: 'running' }).where('id', '=', 'memo-1').execute();
    expect(await total()).toBe(all + 1);
    await t.ctx.db
      .updateTable('business_record')
      .set({ data: JSON.stringify({ ...data, sealType: '法人章' }) })
      .where('id', '=', 'memo-1')
      .execute();
    expect(await total({ sealType: '公章' })).toBe(sealed);

    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('business_record').where('id', '=', 'memo-1').execute();
    });
    expect(await total()).toBe(all);
  });

  it.runIf(dialect === 'postgres')(
    'two transactions bumping the records and the to-do counters in opposite orders both commit (one lock order)',
    async () => {
      const [record] = await t.ctx.db.selectFrom('business_record').select('id').where('module', '=', 'oa_stamp').limit(1).execute();
      const tasks = await t.ctx.db.selectFrom('wf_task').select('id').limit(2).execute();
      expect(record).toBeDefined();
      expect(tasks).toHaveLength(2);
      const touchRecord = (trx: typeof t.ctx.db, id: string) =>
        trx
          .updateTable('business_record')
          .set({ updated_at: sql`updated_at` })
          .where('id', '=', id)
          .execute();
      const touchTask = (trx: typeof t.ctx.db, id: string) =>
        trx
          .updateTable('wf_task')
          .set({ created_at: sql`created_at` })
          .where('id', '=', id)
          .execute();
      // fires a counter's deferred bump now rather than at commit
      const bumpNow = (trx: typeof t.ctx.db, trigger: string) => sql`SET CONSTRAINTS ${sql.id(trigger)} IMMEDIATE`.execute(trx);
      let signal!: () => void;
      const t1Bumped = new Promise<void>((resolve) => (signal = resolve));
      let signal2!: () => void;
      const t2Bumping = new Promise<void>((resolve) => (signal2 = resolve));
      const v0 = await version();
      // T1 bumps the records counter, then writes a task (its to-do bump comes at commit)
      const t1 = t.ctx.db.transaction().execute(async (trx) => {
        await touchRecord(trx, record!.id);
        await bumpNow(trx, cacheTriggerName('record', 'business_record'));
        signal();
        await t2Bumping;
        await touchTask(trx, tasks[0]!.id);
      });
      // T2 bumps the to-do counter meanwhile, then writes a record (its records bump comes at commit). Were the
      // counters locked in the order the writes came, T1 would hold the records counter and T2 the to-do counter,
      // each waiting at commit for the other's: a deadlock, one of them aborted.
      const t2 = t.ctx.db.transaction().execute(async (trx) => {
        await t1Bumped;
        await touchTask(trx, tasks[1]!.id);
        const bumped = bumpNow(trx, cacheTriggerName('todo', 'wf_task'));
        await new Promise((resolve) => setTimeout(resolve, 100));
        signal2();
        await bumped;
        await touchRecord(trx, record!.id);
      });
      await Promise.all([t1, t2]);
      expect(await version()).toBe(v0 + 2);
    },
  );
});
