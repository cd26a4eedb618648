import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SuperviseLogTable, SuperviseSubtaskTable, SuperviseTaskTable } from '../../db/schema/office';
import { containsPattern } from '../../db/like';

/** SQL of supervision. */
export type TaskRow = Selectable<SuperviseTaskTable> & {
  owner_name: string | null;
  supervisor_name: string | null;
  lead_dept_name: string | null;
};
export type SubtaskRow = Selectable<SuperviseSubtaskTable> & { owner_name: string | null; dept_name: string | null };

const tasks = (db: Db) =>
  db
    .selectFrom('oa_supervise_task as t')
    .leftJoin('sys_user as o', 'o.user_code', 't.owner_user')
    .leftJoin('sys_user as s', 's.user_code', 't.supervisor')
    .leftJoin('org_dept as d', 'd.dept_code', 't.lead_dept')
    .selectAll('t')
    .select(['o.user_name as owner_name', 's.user_name as supervisor_name', 'd.dept_name as lead_dept_name']);

interface ListFilter {
  supervisor?: string;
  /** owner of the task or of one of its sub-tasks */
  assignee?: string;
  statuses?: string[];
  keyword?: string;
  leadDept?: string;
  offset: number;
  limit: number;
}

export async function list(db: Db, f: ListFilter): Promise<{ rows: TaskRow[]; total: number }> {
  let q = tasks(db);
  let c = db.selectFrom('oa_supervise_task as t');
  const apply = <T extends typeof q | typeof c>(x: T): T => {
    let y = x as typeof c;
    if (f.supervisor) y = y.where('t.supervisor', '=', f.supervisor);
    if (f.assignee) {
      const me = f.assignee;
      y = y.where((eb) =>
        eb.or([
          eb('t.owner_user', '=', me),
          eb('t.id', 'in', eb.selectFrom('oa_supervise_subtask').select('task_id').where('owner_user', '=', me)),
        ]),
      );
    }
    if (f.statuses?.length) y = y.where('t.status', 'in', f.statuses);
    if (f.leadDept) y = y.where('t.lead_dept', '=', f.leadDept);
    if (f.keyword) y = y.where('t.title', 'like', containsPattern(f.keyword));
    return y as unknown as T;
  };
  q = apply(q);
  c = apply(c);
  const [t, rows] = await Promise.all([
    c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.orderBy('t.due_date').orderBy('t.created_at', 'desc').offset(f.offset).limit(f.limit).execute(),
  ]);
  return { rows: rows as TaskRow[], total: Number(t.n) };
}

/** every open task (the manage page's colour filter and the reminder job: open tasks only, by due date) */
export const openTasks = (db: Db, dueBefore?: string) => {
  let q = tasks(db).where('t.status', 'in', ['assigned', 'doing', 'reviewing']);
  if (dueBefore) q = q.where('t.due_date', '<=', dueBefore);
  return q.orderBy('t.due_date').execute() as Promise<TaskRow[]>;
};
export const getTask = (db: Db, id: string) => tasks(db).where('t.id', '=', id).executeTakeFirst() as Promise<TaskRow | undefined>;
export const insertTask = (db: Db, v: SuperviseTaskTable) => db.insertInto('oa_supervise_task').values(v).execute();
/** conditional on the status (two people at once: exactly one wins) */
export async function updateTask(db: Db, id: string, from: string[], v: Partial<Omit<SuperviseTaskTable, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('oa_supervise_task').set(v).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function bumpUrge(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('oa_supervise_task')
    .set((eb) => ({ urge_count: eb('urge_count', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}
export async function markReminded(db: Db, id: string, day: string): Promise<boolean> {
  const r = await db
    .updateTable('oa_supervise_task')
    .set({ last_remind_on: day })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_remind_on', 'is', null), eb('last_remind_on', '<', day)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function countSerial(db: Db, prefix: string): Promise<number> {
  const r = await db
    .selectFrom('oa_supervise_task')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('serial_no', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const subtasks = (db: Db, taskId: string) =>
  db
    .selectFrom('oa_supervise_subtask as s')
    .leftJoin('sys_user as u', 'u.user_code', 's.owner_user')
    .leftJoin('org_dept as d', 'd.dept_code', 's.dept_code')
    .selectAll('s')
    .select(['u.user_name as owner_name', 'd.dept_name'])
    .where('s.task_id', '=', taskId)
    .orderBy('s.sort_no')
    .execute() as Promise<SubtaskRow[]>;
export async function insertSubtasks(db: Db, rows: SuperviseSubtaskTable[]): Promise<void> {
  if (rows.length) await db.insertInto('oa_supervise_subtask').values(rows).execute();
}
export async function updateSubtask(db: Db, id: string, taskId: string, v: { progress: number; note: string }): Promise<boolean> {
  const r = await db.updateTable('oa_supervise_subtask').set(v).where('id', '=', id).where('task_id', '=', taskId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const logs = (db: Db, taskId: string) =>
  db
    .selectFrom('oa_supervise_log as l')
    .leftJoin('sys_user as u', 'u.user_code', 'l.user_code')
    .selectAll('l')
    .select('u.user_name')
    .where('l.task_id', '=', taskId)
    .orderBy('l.created_at')
    .execute();
export const insertLog = (db: Db, v: SuperviseLogTable) => db.insertInto('oa_supervise_log').values(v).execute();
/** tasks whose logs carry a file (the download grant) */
export const tasksWithFile = (db: Db, fileId: string) =>
  db.selectFrom('oa_supervise_log').select('task_id').where('files', 'like', containsPattern(fileId)).limit(20).execute();
export const fileNames = (db: Db, ids: string[]) =>
  ids.length ? db.selectFrom('sys_file').select(['id', 'original_name', 'owner']).where('id', 'in', ids).execute() : Promise.resolve([]);

export const users = (db: Db, codes: string[]) =>
  codes.length
    ? db
        .selectFrom('sys_user')
        .select(['user_code', 'user_name', 'dept_code', 'mobile', 'status'])
        .where('user_code', 'in', codes)
        .execute()
    : Promise.resolve([]);
export const depts = (db: Db) =>
  db.selectFrom('org_dept').select(['dept_code', 'dept_name', 'leader_user_code', 'parent_code']).orderBy('sort_no').execute();
/** all tasks for the on-time statistics (small: one row per task) */
export const statRows = (db: Db) => db.selectFrom('oa_supervise_task').select(['lead_dept', 'status', 'due_date', 'closed_at']).execute();
