import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';
import { addHistory } from './runtime.repository';

/**
 * What a person holds in the workflow engine (issue 38's hand-over): open tasks, unread CC copies, delegations
 * they are the deputy of, definitions naming them as a fixed approver. Moves are conditional UPDATEs that take
 * only what is still theirs and still open, inside the hand-over's transaction.
 */
const LIVE_TASK = ['open', 'pending'] as const;

export const openTasksOf = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('wf_task as t')
    .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
    .select(['t.id', 't.node_name', 'i.title', 'i.serial_no'])
    .where('t.assignee', '=', userCode)
    .where('t.status', 'in', LIVE_TASK)
    .orderBy('t.created_at')
    .limit(limit)
    .execute();

/** Moves the person's open and waiting tasks; one 改派 trail row per task, by the administrator. */
export async function moveTasks(trx: Db, m: { from: string; to: string; at: string; actor: string }): Promise<number> {
  const moved = await trx
    .updateTable('wf_task')
    .set({ assignee: m.to })
    .where('assignee', '=', m.from)
    .where('status', 'in', LIVE_TASK)
    .returning(['id', 'instance_id', 'node_id', 'node_name'])
    .execute();
  for (const t of moved)
    await addHistory(trx, {
      instance_id: t.instance_id,
      node_id: t.node_id,
      node_name: t.node_name,
      task_id: t.id,
      action: 'reassign',
      actor: m.actor,
      target: m.to,
      comment: '工作交接',
      created_at: m.at,
    });
  return moved.length;
}

export const unreadCcOf = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('wf_cc as c')
    .innerJoin('wf_instance as i', 'i.id', 'c.instance_id')
    .select(['c.id', 'c.node_name', 'i.title', 'i.serial_no'])
    .where('c.user_code', '=', userCode)
    .where('c.read_at', 'is', null)
    .orderBy('c.created_at')
    .limit(limit)
    .execute();

export async function moveCc(trx: Db, from: string, to: string): Promise<number> {
  const r = await trx
    .updateTable('wf_cc')
    .set({ user_code: to })
    .where('user_code', '=', from)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Delegations in force (or still to come) in which the person is the deputy. */
export const deputyOf = (db: Db, userCode: string, today: string, limit: number) =>
  db
    .selectFrom('wf_delegation as d')
    .leftJoin('sys_user as u', 'u.user_code', 'd.user_code')
    .select(['d.id', 'd.user_code', 'u.user_name', 'd.start_date', 'd.end_date'])
    .where('d.deputy_code', '=', userCode)
    .where('d.enabled', '=', 'Y')
    .where('d.end_date', '>=', today)
    .orderBy('d.start_date')
    .limit(limit)
    .execute();

/** The successor becomes the deputy; a delegation to oneself (the successor is the delegator) is switched off. */
export async function moveDeputy(trx: Db, m: { from: string; to: string }, today: string): Promise<number> {
  const live = (q: ReturnType<typeof base>) =>
    q.where('deputy_code', '=', m.from).where('enabled', '=', 'Y').where('end_date', '>=', today);
  const base = () => trx.updateTable('wf_delegation');
  const off = await live(base().set({ enabled: 'N' }))
    .where('user_code', '=', m.to)
    .executeTakeFirst();
  const moved = await live(base().set({ deputy_code: m.to })).executeTakeFirst();
  return Number(off.numUpdatedRows) + Number(moved.numUpdatedRows);
}

/** Draft and published definitions whose text names the person (the caller checks the assignees themselves). */
export const definitionsNaming = (db: Db, userCode: string) =>
  db
    .selectFrom('wf_definition')
    .select(['id', 'name', 'version', 'status', 'body'])
    .where('status', 'in', ['draft', 'published'])
    .where('body', 'like', containsPattern(`"${userCode}"`))
    .orderBy('name')
    .execute();

export async function setDefinitionBody(trx: Db, id: string, body: string, before: string, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('wf_definition')
    .set({ body, updated_at: at })
    .where('id', '=', id)
    .where('body', '=', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
