import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_KIND_LIST } from '@oa/shared/contract/handover';
import { testDialects } from '../../../test/harness';
import { addUsers } from '../../../test/user-rows';
import { approver, cc, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();
const H = '/oa/api/auth/oa/handover';
type Group = { kind: string; items: Array<{ id: string }> };

describe.each(DIALECTS)('hand-over when staff leave on %s', (dialect) => {
  let k: Kit;
  let admin: string;
  let flow: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    admin = await k.token('admin');
    await addUsers(k.t.ctx.db, [
      { user_code: 'leaver1', user_name: '离职甲' },
      { user_code: 'succ1', user_name: '接任乙' },
      { user_code: 'leaver2', user_name: '离职丙' },
    ]);
    const pw = await k.t.ctx.db.selectFrom('sys_user').select('password_hash').where('user_code', '=', 'staff').executeTakeFirstOrThrow();
    await k.t.ctx.db.updateTable('sys_user').set(pw).where('user_code', 'in', ['succ1', 'leaver2']).execute();
    flow = await k.publish([cc('c1', users('leaver1')), approver('n1', users('leaver1')), approver('n2', users('leader'))]);
    const db = k.t.ctx.db;
    const now = new Date().toISOString();
    await db
      .insertInto('wf_delegation')
      .values({
        id: 'dl-h1',
        user_code: 'leader',
        deputy_code: 'leaver1',
        module_code: null,
        start_date: '2020-01-01',
        end_date: '2099-12-31',
        reason: null,
        enabled: 'Y',
        created_by: 'admin',
        created_at: now,
      })
      .execute();
    const sup = await db.selectFrom('oa_supervise_task').select('id').where('status', '!=', 'closed').executeTakeFirstOrThrow();
    await db.updateTable('oa_supervise_task').set({ owner_user: 'leaver1' }).where('id', '=', sup.id).execute();
    const doc = await db.selectFrom('doc_document').select('id').where('status', 'in', ['draft', 'running']).executeTakeFirstOrThrow();
    await db.updateTable('doc_document').set({ creator: 'leaver1' }).where('id', '=', doc.id).execute();
    const mt = await db
      .selectFrom('meeting')
      .select('id')
      .where('status', '=', 'approved')
      .where('end_at', '>', now)
      .executeTakeFirstOrThrow();
    await db.updateTable('meeting').set({ organizer: 'leaver1' }).where('id', '=', mt.id).execute();
    const col = await db.selectFrom('info_column').select('column_code').executeTakeFirstOrThrow();
    await db.insertInto('sys_column_user').values({ column_code: col.column_code, user_code: 'leaver1', granted_at: now }).execute();
  });
  afterAll(async () => k?.close());

  it('previews every kind, flags the disabled leaver on /user, moves it all once, tells both and audits', async () => {
    const s = await k.start(flow, 'staff');
    const taskId = (await k.open(s.instanceId, 'leaver1'))[0]!.id;
    const pv = (await k.t.call('GET', `${H}/preview`, { token: admin, query: { userCode: 'leaver1' } })).body.data;
    expect(pv.groups.map((g: Group) => g.kind)).toEqual(HANDOVER_KIND_LIST);
    for (const g of pv.groups as Group[]) expect(g.items.length, g.kind).toBeGreaterThan(0);
    expect(pv.groups[0].items.map((i: { id: string }) => i.id)).toEqual([taskId]);
    expect(pv.groups.find((g: Group) => g.kind === 'processRole').items.map((i: { id: string }) => i.id)).toHaveLength(1);

    const off = await k.t.call('PUT', '/oa/api/auth/oa/user/status', { token: admin, body: { userCode: 'leaver1', status: 'N' } });
    expect(off.body.code).toBe(0);
    const flagOf = async () =>
      (await k.t.call('GET', '/oa/api/auth/oa/user/list', { token: admin, query: { keyword: '离职甲', pageNumber: '1', pageSize: '10' } }))
        .body.data.list[0].pendingHandover;
    expect(await flagOf()).toBe(true);

    // two administrators at once: exactly one moves the work, the other finds nothing
    const body = { userCode: 'leaver1', successor: 'succ1' };
    const [a, b] = await Promise.all([
      k.t.call('POST', `${H}/confirm`, { token: admin, body }),
      k.t.call('POST', `${H}/confirm`, { token: admin, body }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes[0]).toBe(0);
    expect(codes[1]).not.toBe(0);
    const won = a.body.code === 0 ? a : b;
    expect(won.body.data.moved.map((m: { kind: string }) => m.kind)).toEqual(HANDOVER_KIND_LIST);
    for (const m of won.body.data.moved) expect(m.count, m.kind).toBeGreaterThan(0);

    const db = k.t.ctx.db;
    expect(await k.open(s.instanceId, 'succ1')).toHaveLength(1);
    const todo = (await k.t.call('GET', '/oa/api/auth/oa/process/todo', { token: await k.token('succ1'), query: {} })).body.data;
    expect(todo.list.map((t: { taskId?: string; id?: string }) => t.taskId ?? t.id)).toContain(taskId);
    expect((await k.history(s.instanceId)).filter((h) => h.action === 'reassign')).toHaveLength(1);
    const def = await db.selectFrom('wf_definition').select('body').where('module_code', '=', flow).executeTakeFirstOrThrow();
    expect(def.body).toContain('"succ1"');
    expect(def.body).not.toContain('"leaver1"');
    expect(
      (await db.selectFrom('wf_delegation').select('deputy_code').where('id', '=', 'dl-h1').executeTakeFirstOrThrow()).deputy_code,
    ).toBe('succ1');

    const notes = await db.selectFrom('wf_notification').select(['id', 'user_code']).where('title', '=', '工作交接').execute();
    expect(notes.map((n) => n.user_code).sort()).toEqual(['leaver1', 'succ1']);
    const outbox = await db
      .selectFrom('notify_outbox')
      .select('id')
      .where(
        'id',
        'in',
        notes.map((n) => n.id),
      )
      .execute();
    expect(outbox).toHaveLength(2);
    const audit = await db.selectFrom('sys_audit').select(['user_code', 'target']).where('action', '=', 'handover').execute();
    expect(audit).toEqual([{ user_code: 'admin', target: 'leaver1' }]);

    const after = (await k.t.call('GET', `${H}/preview`, { token: admin, query: { userCode: 'leaver1' } })).body.data;
    expect(after.total).toBe(0);
    expect(await flagOf()).toBe(false);
  });

  it('a task approved during the hand-over is not moved as well', async () => {
    const f2 = await k.publish([approver('n1', users('leaver2')), approver('n2', users('leader'))]);
    const s = await k.start(f2, 'staff');
    const taskId = (await k.open(s.instanceId, 'leaver2'))[0]!.id;
    const [ap, ho] = await Promise.all([
      k.approveAs(s.instanceId, 'leaver2'),
      k.t.call('POST', `${H}/confirm`, { token: admin, body: { userCode: 'leaver2', successor: 'succ1' } }),
    ]);
    const task = await k.t.ctx.db.selectFrom('wf_task').select(['assignee', 'status']).where('id', '=', taskId).executeTakeFirstOrThrow();
    const moves = (await k.history(s.instanceId)).filter((h) => h.action === 'reassign').length;
    if (ap.code === 0) {
      // approved first: the hand-over found nothing of it
      expect(task).toEqual({ assignee: 'leaver2', status: 'done' });
      expect(moves).toBe(0);
      expect(ho.body.code).not.toBe(0);
    } else {
      expect(task).toEqual({ assignee: 'succ1', status: 'open' });
      expect(moves).toBe(1);
      expect(ho.body.code).toBe(0);
    }
  });

  it('refuses a hand-over to oneself or to a disabled successor, naming the field', async () => {
    const self = await k.t.call('POST', `${H}/confirm`, { token: admin, body: { userCode: 'succ1', successor: 'succ1' } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('接收人不能是交接人本人');
    const staff = await k.t.call('GET', `${H}/preview`, { token: await k.token('staff'), query: { userCode: 'succ1' } });
    expect(staff.status).toBe(403);
  });
});
