import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../../../test/harness';
import { approver, P, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';
import { cachedAnswer } from './pending.cache';

const DIALECTS = await testDialects();

/**
 * The to-do and done answers kept in memory (pending.cache.ts) and the guard's one-statement counters
 * (migration 084): every change — by the engine, or written straight into the database as another instance or a
 * script would — shows on the very next request.
 */
describe.each(DIALECTS)('to-do answers kept in memory on %s', (dialect) => {
  let k: Kit;
  beforeAll(async () => {
    k = await setupKit(dialect);
  });
  afterAll(async () => k?.close());

  const todoVersion = async () =>
    Number((await k.t.ctx.db.selectFrom('wf_todo_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version);

  it('answers what a fresh read answers after engine actions and direct writes to tasks, instances and names', async () => {
    const m = await k.publish([approver('a', users('yangfan'))]);
    const first = await k.start(m, 'liuyang');
    const tok = await k.token('yangfan');
    const todo = async () => (await k.t.call('GET', `${P}/todo`, { token: tok, query: { moduleCode: m } })).body.data;
    expect((await todo()).list).toMatchObject([{ instanceId: first.instanceId, initiatorName: '刘洋' }]);
    expect(await todo()).toEqual(await todo()); // served again

    const second = await k.start(m, 'liuyang'); // the engine's own write
    expect((await todo()).list.map((t: { instanceId: string }) => t.instanceId)).toEqual([second.instanceId, first.instanceId]);

    const db = k.t.ctx.db;
    await db.updateTable('wf_instance').set({ title: '另一实例改的标题' }).where('id', '=', first.instanceId).execute();
    expect((await todo()).list[1].title).toBe('另一实例改的标题');

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('wf_task').set({ node_name: '事务内改名' }).where('instance_id', '=', second.instanceId).execute();
    });
    expect((await todo()).list[0].nodeName).toBe('事务内改名');

    await db.updateTable('sys_user').set({ user_name: '刘洋改' }).where('user_code', '=', 'liuyang').execute();
    expect((await todo()).list.map((t: { initiatorName: string }) => t.initiatorName)).toEqual(['刘洋改', '刘洋改']);

    await k.approveAs(first.instanceId, 'yangfan');
    const after = await todo();
    expect(after.list.map((t: { instanceId: string }) => t.instanceId)).toEqual([second.instanceId]);
    expect(after.total).toBe(1);
    const done = (await k.t.call('GET', `${P}/done`, { token: tok, query: { moduleCode: m } })).body.data;
    expect(done.list).toMatchObject([{ instanceId: first.instanceId, result: 'approved' }]);

    await db.deleteFrom('wf_task').where('instance_id', '=', second.instanceId).execute();
    expect((await todo()).list).toEqual([]);
  });

  it('bumps the to-do counter once the writing transaction commits, for every instance column (the monitor shows them)', async () => {
    const db = k.t.ctx.db;
    const urged = await todoVersion();
    await db.updateTable('wf_instance').set({ last_urged_at: '2026-01-01T00:00:00.000Z' }).where('status', '=', 'running').execute();
    expect(await todoVersion()).toBeGreaterThan(urged);
    const before = await todoVersion();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('wf_task').set({ comment: '改' }).where('status', '=', 'open').execute();
      await trx.updateTable('wf_task').set({ comment: '再改' }).where('status', '=', 'open').execute();
      // PostgreSQL bumps at commit (deferred): inside, another connection still sees the old value
      if (dialect === 'postgres') expect(await todoVersion()).toBe(before);
    });
    expect(await todoVersion()).toBeGreaterThan(before);
    // PostgreSQL: one bump per transaction, however many rows it wrote
    if (dialect === 'postgres') expect(await todoVersion()).toBe(before + 1);
  });

  it('userinfo: a password reset straight in the database asks for a new password on the next request', async () => {
    const tok = await k.token('lina');
    const info = async () => (await k.t.call('GET', '/oa/api/auth/base/system/userinfo/get', { token: tok })).body.data;
    expect((await info()).needChangePass).toBe(false);
    await k.t.ctx.db.updateTable('sys_user').set({ password_reset: 'Y' }).where('user_code', '=', 'lina').execute();
    expect((await info()).needChangePass).toBe(true);
    await sql`update sys_user set password_reset = 'N', password_changed_at = ${'2000-01-01T00:00:00.000Z'} where user_code = 'lina'`.execute(
      k.t.ctx.db,
    );
    expect((await info()).needChangePass).toBe(true); // aged out
  });
});

describe('cachedAnswer bounds', () => {
  it('keeps at most 50,000 rows of answers: the oldest go first, a changed counter empties it', async () => {
    const db = {} as never;
    const v = { auth: 1, menu: '0', todo: 1, records: 1, search: 1, directory: 1 };
    let reads = 0;
    const answer = (n: number) => async () => {
      reads++;
      return { list: Array.from({ length: n }, (_, i) => i) };
    };
    for (let k = 0; k < 60; k++) await cachedAnswer(db, v, `k${k}`, answer(1000));
    expect(reads).toBe(60);
    await cachedAnswer(db, v, 'k59', answer(1000)); // kept
    await cachedAnswer(db, v, 'k10', answer(1000)); // kept: the 50 newest are
    expect(reads).toBe(60);
    await cachedAnswer(db, v, 'k9', answer(1000)); // gone
    expect(reads).toBe(61);
    await cachedAnswer(db, { ...v, todo: 2 }, 'k59', answer(1000));
    expect(reads).toBe(62);
  });
});
