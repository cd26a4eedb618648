import type { Db } from '../../db/database';
import { countCapped, totalOfPage } from '../../db/count-capped';
import { nextCursorOf, type Keyset } from '../../db/keyset';
import type { InstanceStatus } from '../../db/schema/workflow';
import { instanceHolds, instancesHolding } from './instance-keywords.repository';

/** SQL of the pending centre and the instance lists. */
interface ListFilter {
  moduleCode?: string;
  keyword?: string;
  offset: number;
  limit: number;
  /** keyset paging: read after this row (then `offset` is ignored) */
  after?: Keyset | null;
}

function taskQuery(db: Db, f: ListFilter) {
  let q = db.selectFrom('wf_task as t').innerJoin('wf_instance as i', 'i.id', 't.instance_id');
  // the task carries its instance's module (migration 083)
  if (f.moduleCode) q = q.where('t.module_code', '=', f.moduleCode);
  if (f.keyword) q = q.where(instanceHolds('i', f.keyword));
  return q;
}

const TASK_COLUMNS = [
  't.id',
  't.instance_id',
  't.node_id',
  't.node_name',
  't.assignee',
  't.on_behalf_of',
  't.status',
  't.result',
  't.comment',
  't.created_at',
  't.acted_at',
  't.due_at',
  'i.module_code',
  'i.record_id',
  'i.serial_no',
  'i.title',
  'i.initiator',
  'i.status as instance_status',
] as const;

/**
 * The tasks of a user's to-do (open) or done list, optionally of one module, from wf_task alone: counted from
 * its (assignee, status, result, instance_id) or (assignee, status, module_code, created_at, id) index
 * (migrations 078, 083). A task's instance always exists (instances are never deleted) and an open task's
 * instance is running — the engine ends an instance and cancels its open tasks in one transaction (`finish` in
 * engine.ts) — so neither the count nor the choice of a page needs each task's instance (SQLite at 1M
 * records, 2,000 open tasks: 28 ms with the join, 0.4 ms without).
 */
const ownTasksOf = (db: Db, userCode: string, which: 'todo' | 'done', moduleCode?: string) => {
  let q = db.selectFrom('wf_task as t').where('t.assignee', '=', userCode);
  if (moduleCode) q = q.where('t.module_code', '=', moduleCode);
  return which === 'todo' ? q.where('t.status', '=', 'open') : q.where('t.status', '=', 'done').where('t.result', 'not in', ['auto']);
};

/**
 * A page of a user's to-do or done list and its bounded count. The page's task ids are chosen first, from
 * wf_task's page index alone (no keyword, or a rare keyword whose few instances the trigram index names:
 * instance-keywords.repository.ts) or from that index joined to the instances (a common or short keyword, on
 * the instance's title or serial number: the index carries `instance_id`, migration 083), and only the page's
 * tasks are read in full: skipped or non-matching tasks never cost a row read.
 */
export async function listTasks(db: Db, userCode: string, which: 'todo' | 'done', f: ListFilter) {
  const holding = f.keyword ? await instancesHolding(db, f.keyword) : null;
  if (holding?.length === 0) return { total: 0, totalCapped: false, rows: [], nextCursor: null };
  let matching = taskQuery(db, f).where('t.assignee', '=', userCode);
  matching =
    which === 'todo'
      ? matching.where('t.status', '=', 'open').where('i.status', '=', 'running')
      : matching.where('t.status', '=', 'done').where('t.result', 'not in', ['auto']);
  // a rare keyword's instances are known: the user's tasks of those, from wf_task alone
  let own = f.keyword && !holding ? null : ownTasksOf(db, userCode, which, f.moduleCode);
  if (own && holding) own = own.where('t.instance_id', 'in', holding);
  const key = which === 'todo' ? 't.created_at' : 't.acted_at';
  const after = f.after;
  let ids = (own ?? matching).select('t.id');
  if (after) ids = ids.where((eb) => eb(eb.refTuple(key, 't.id'), '<', eb.tuple(after.key, after.id)));
  const page = ids
    .orderBy(key, 'desc')
    .orderBy('t.id', 'desc')
    .offset(after ? 0 : f.offset)
    .limit(f.limit);
  const rows = await taskQuery(db, { offset: 0, limit: 0 })
    .where('t.id', 'in', page)
    .select([...TASK_COLUMNS])
    .orderBy(key, 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const nextCursor = nextCursorOf(rows, f.limit, (r) => ({ key: which === 'todo' ? r.created_at : r.acted_at, id: r.id }));
  const counted = await totalOfPage({ offset: f.offset, limit: f.limit, got: rows.length, keyset: !!after }, () =>
    countCapped(db, own ?? matching),
  );
  return { ...counted, rows, nextCursor };
}
export type TaskListRow = Awaited<ReturnType<typeof listTasks>>['rows'][number];

export async function tasksByInstance(db: Db, instanceIds: string[], statuses: string[]) {
  if (!instanceIds.length) return [];
  return taskQuery(db, { offset: 0, limit: 0 })
    .where('t.instance_id', 'in', instanceIds)
    .where('t.status', 'in', statuses as Array<'open'>)
    .select([...TASK_COLUMNS])
    .orderBy('t.created_at')
    .orderBy('t.seq')
    .execute();
}

export async function listCc(db: Db, userCode: string, f: ListFilter & { read?: 'Y' | 'N' }) {
  const holding = f.keyword ? await instancesHolding(db, f.keyword) : null;
  if (holding?.length === 0) return { total: 0, totalCapped: false, rows: [], nextCursor: null };
  let q = db.selectFrom('wf_cc as c').innerJoin('wf_instance as i', 'i.id', 'c.instance_id').where('c.user_code', '=', userCode);
  if (f.moduleCode) q = q.where('i.module_code', '=', f.moduleCode);
  if (holding) q = q.where('c.instance_id', 'in', holding);
  else if (f.keyword) q = q.where(instanceHolds('i', f.keyword));
  if (f.read) q = q.where('c.read_at', f.read === 'Y' ? 'is not' : 'is', null);
  const counted = await countCapped(db, q);
  const after = f.after;
  if (after) q = q.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(after.key, after.id)));
  const rows = await q
    .select(CC_COLUMNS)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(after ? 0 : f.offset)
    .limit(f.limit)
    .execute();
  return { ...counted, rows, nextCursor: nextCursorOf(rows, f.limit, (r) => ({ key: r.created_at, id: r.id })) };
}
const CC_COLUMNS = [
  'c.id',
  'c.instance_id',
  'c.node_id',
  'c.node_name',
  'c.user_code',
  'c.created_at',
  'c.read_at',
  'i.module_code',
  'i.record_id',
  'i.serial_no',
  'i.title',
  'i.initiator',
  'i.status as instance_status',
] as const;
export const ccOfInstance = (db: Db, instanceId: string) =>
  db
    .selectFrom('wf_cc as c')
    .innerJoin('wf_instance as i', 'i.id', 'c.instance_id')
    .select(CC_COLUMNS)
    .where('c.instance_id', '=', instanceId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
export type CcListRow = Awaited<ReturnType<typeof listCc>>['rows'][number];

export interface InstanceFilter extends ListFilter {
  initiator?: string;
  status?: InstanceStatus;
  startedFrom?: string;
  startedTo?: string;
}
/**
 * A page of the process monitor or of 我的申请 and its bounded count. The page's ids are chosen from the
 * filter's (…, started_at, id) index alone — a page by number skips index entries, never table rows (migration
 * 090) — and only the page's instances are read in full.
 */
export async function listInstances(db: Db, f: InstanceFilter) {
  const holding = f.keyword ? await instancesHolding(db, f.keyword) : null;
  if (holding?.length === 0) return { total: 0, totalCapped: false, rows: [], nextCursor: null };
  const { q, page } = instanceKeys(db, f, holding);
  const rows = await db
    .selectFrom('wf_instance')
    .selectAll()
    .where('id', 'in', page)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const after = f.after;
  const counted = await totalOfPage({ offset: f.offset, limit: f.limit, got: rows.length, keyset: !!after }, () => countCapped(db, q));
  return { ...counted, rows, nextCursor: nextCursorOf(rows, f.limit, (r) => ({ key: r.started_at, id: r.id })) };
}

/**
 * The filter's instances (`q`) and the ids of its page (`page`). Without `holding` (the few instances a keyword's
 * index lookup found) the keyword is checked on each row: `instancePageQuery` — the page as a query that holds
 * every input of the answer (the key it is kept under in memory).
 */
function instanceKeys(db: Db, f: InstanceFilter, holding: string[] | null) {
  let q = db.selectFrom('wf_instance');
  if (f.moduleCode) q = q.where('module_code', '=', f.moduleCode);
  if (f.initiator) q = q.where('initiator', '=', f.initiator);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.startedFrom) q = q.where('started_at', '>=', f.startedFrom);
  if (f.startedTo) q = q.where('started_at', '<', `${f.startedTo}T99`);
  if (holding) q = q.where('id', 'in', holding);
  else if (f.keyword) q = q.where(instanceHolds(null, f.keyword));
  const after = f.after;
  let keys = q.select('id');
  if (after) keys = keys.where((eb) => eb(eb.refTuple('started_at', 'id'), '<', eb.tuple(after.key, after.id)));
  const page = keys
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .offset(after ? 0 : f.offset)
    .limit(f.limit);
  return { q, page };
}

/** `instanceKeys`' page as the key of the page kept in memory: compiled, never run (so without plugins). */
export const instancePageQuery = (db: Db, f: InstanceFilter) => instanceKeys(db.withoutPlugins(), f, null).page.compile();

/** Open tasks of a user (the to-do badge), bounded at COUNT_CAP. */
export async function countOpenTasks(db: Db, userCode: string): Promise<number> {
  return (await countCapped(db, ownTasksOf(db, userCode, 'todo'))).total;
}
export async function countUnreadCc(db: Db, userCode: string): Promise<number> {
  const r = await db
    .selectFrom('wf_cc')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks one CC copy of a user read; 0 when it was read already or is not theirs. */
export async function markCcRead(db: Db, ccId: string, userCode: string, at: string): Promise<number> {
  const r = await db
    .updateTable('wf_cc')
    .set({ read_at: at })
    .where('id', '=', ccId)
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
export const ccExists = async (db: Db, ccId: string, userCode: string): Promise<boolean> =>
  !!(await db.selectFrom('wf_cc').select('id').where('id', '=', ccId).where('user_code', '=', userCode).executeTakeFirst());

/** A page of a user's notifications, newest first. */
export async function pageNotifications(db: Db, userCode: string, unreadOnly: boolean, q: { pageNumber: number; pageSize: number }) {
  let base = db.selectFrom('wf_notification').where('user_code', '=', userCode);
  if (unreadOnly) base = base.where('read_at', 'is', null);
  const counted = await countCapped(db, base);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset((q.pageNumber - 1) * q.pageSize)
    .limit(q.pageSize)
    .execute();
  return { ...counted, rows };
}
export async function countUnreadNotifications(db: Db, userCode: string): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('wf_notification')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_code', '=', userCode)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
}
/** Marks a user's unread notifications (all, or those listed) read; the number marked. */
export async function readNotifications(db: Db, userCode: string, at: string, ids?: string[]): Promise<number> {
  let q = db.updateTable('wf_notification').set({ read_at: at }).where('user_code', '=', userCode).where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}
