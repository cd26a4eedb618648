import { randomBytes } from 'node:crypto';
import { enqueueOutbox } from '../../core/notify/outbox.repository';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { WfHistoryTable, WfInstanceTable, WfNotificationTable, WfTaskTable, WfTokenTable } from '../../db/schema/workflow';

/** All SQL of the running engine: instances, tokens, tasks, CC copies, history. */
export const newId = (): string => randomBytes(12).toString('hex');

export type InstanceRow = Selectable<WfInstanceTable>;
export type TokenRow = Selectable<WfTokenTable>;
export type TaskRow = Selectable<WfTaskTable>;
type HistoryInsert = Omit<WfHistoryTable, 'id'>;

const affected = (r: { numUpdatedRows: bigint }): number => Number(r.numUpdatedRows);

export const findInstance = (db: Db, id: string) => db.selectFrom('wf_instance').selectAll().where('id', '=', id).executeTakeFirst();

export const findRunningInstance = (db: Db, moduleCode: string, recordId: string) =>
  db
    .selectFrom('wf_instance')
    .selectAll()
    .where('module_code', '=', moduleCode)
    .where('record_id', '=', recordId)
    .where('status', '=', 'running')
    .executeTakeFirst();

export const instancesOfRecord = (db: Db, moduleCode: string, recordId: string) =>
  db
    .selectFrom('wf_instance')
    .selectAll()
    .where('module_code', '=', moduleCode)
    .where('record_id', '=', recordId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .execute();

export async function insertInstance(db: Db, row: InstanceRow): Promise<void> {
  await db.insertInto('wf_instance').values(row).execute();
}

/** Takes the instance's row lock (PostgreSQL) so that actions on one instance run one after another. */
export async function lockInstance(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('wf_instance')
    .set((eb) => ({ rev: eb('rev', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return affected(r) === 1;
}

export async function updateInstance(db: Db, id: string, patch: Partial<InstanceRow>): Promise<void> {
  await db.updateTable('wf_instance').set(patch).where('id', '=', id).execute();
}

/** Ends a running instance; false when it already left 'running'. */
export async function endInstance(db: Db, id: string, status: InstanceRow['status'], at: string, onlyUnacted = false): Promise<boolean> {
  let q = db.updateTable('wf_instance').set({ status, ended_at: at }).where('id', '=', id).where('status', '=', 'running');
  if (onlyUnacted) q = q.where('acted', '=', 'N');
  return affected(await q.executeTakeFirst()) === 1;
}

/** The urge rate limit: claims the slot when the last urge is older than `before`. */
export async function claimUrge(db: Db, id: string, at: string, before: string): Promise<boolean> {
  const r = await db
    .updateTable('wf_instance')
    .set({ last_urged_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('last_urged_at', 'is', null), eb('last_urged_at', '<=', before)]))
    .executeTakeFirst();
  return affected(r) === 1;
}

// ------------------------------------------------------------------ tokens

export async function insertToken(db: Db, row: TokenRow): Promise<void> {
  await db.insertInto('wf_token').values(row).execute();
}
export async function updateToken(db: Db, id: string, patch: Partial<TokenRow>): Promise<void> {
  await db.updateTable('wf_token').set(patch).where('id', '=', id).execute();
}
export const findToken = (db: Db, id: string) => db.selectFrom('wf_token').selectAll().where('id', '=', id).executeTakeFirst();
export const liveTokens = (db: Db, instanceId: string) =>
  db.selectFrom('wf_token').selectAll().where('instance_id', '=', instanceId).where('status', 'in', ['active', 'waiting']).execute();

// ------------------------------------------------------------------ tasks

export async function insertTask(db: Db, row: TaskRow): Promise<void> {
  await db.insertInto('wf_task').values(row).execute();
}
export const findTask = (db: Db, id: string) => db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirst();
export const tasksOfNode = (db: Db, tokenId: string, nodeId: string) =>
  db
    .selectFrom('wf_task')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('node_id', '=', nodeId)
    .orderBy('seq')
    .orderBy('created_at')
    .execute();
export const tasksOfInstance = (db: Db, instanceId: string) =>
  db.selectFrom('wf_task').selectAll().where('instance_id', '=', instanceId).orderBy('created_at').orderBy('seq').execute();

/** The decisive claim of every action: only an open task can be acted on, once. */
export async function closeTask(
  db: Db,
  id: string,
  patch: Pick<TaskRow, 'result' | 'acted_at'> & Partial<TaskRow>,
  from: TaskRow['status'][] = ['open'],
): Promise<boolean> {
  const r = await db
    .updateTable('wf_task')
    .set({ ...patch, status: 'done', due_at: null })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return affected(r) === 1;
}
export async function updateTask(db: Db, id: string, patch: Partial<TaskRow>): Promise<void> {
  await db.updateTable('wf_task').set(patch).where('id', '=', id).execute();
}
/** Cancels the open and pending tasks of the given tokens (or of the whole instance). */
export async function cancelTasks(db: Db, instanceId: string, at: string, tokenIds?: string[]): Promise<void> {
  if (tokenIds && !tokenIds.length) return;
  let q = db
    .updateTable('wf_task')
    .set({ status: 'cancelled', result: 'cancelled', acted_at: at, due_at: null })
    .where('instance_id', '=', instanceId)
    .where('status', 'in', ['open', 'pending']);
  if (tokenIds) q = q.where('token_id', 'in', tokenIds);
  await q.execute();
}

/** Claims a due timeout: moves due_at on (or clears it) only if nobody else did. */
export async function claimTimeout(db: Db, id: string, oldDue: string, nextDue: string | null): Promise<boolean> {
  const r = await db
    .updateTable('wf_task')
    .set((eb) => ({ due_at: nextDue, timeout_count: eb('timeout_count', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('due_at', '=', oldDue)
    .executeTakeFirst();
  return affected(r) === 1;
}
export const dueTasks = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('wf_task')
    .select(['id', 'instance_id', 'due_at'])
    .where('status', '=', 'open')
    .where('due_at', 'is not', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();

// ------------------------------------------------------------------ CC and history

export async function insertCc(
  db: Db,
  rows: Array<{ id: string; instance_id: string; node_id: string; node_name: string; user_code: string; created_at: string }>,
): Promise<void> {
  if (rows.length)
    await db
      .insertInto('wf_cc')
      .values(rows.map((r) => ({ ...r, read_at: null })))
      .execute();
}
export async function addHistory(
  db: Db,
  row: Partial<HistoryInsert> & Pick<HistoryInsert, 'instance_id' | 'action' | 'actor' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('wf_history')
    .values({
      node_id: null,
      node_name: null,
      task_id: null,
      on_behalf_of: null,
      target: null,
      comment: null,
      signature_file_id: null,
      ...row,
    })
    .execute();
}

/** Tasks parked until `taskId` is done (add-sign before). */
export const tasksWaitingFor = (db: Db, taskId: string) =>
  db.selectFrom('wf_task').selectAll().where('wait_for', '=', taskId).where('status', '=', 'pending').execute();
/** Moves whatever waited for one task to another (a reassigned task). */
export async function moveWaiters(db: Db, fromTaskId: string, toTaskId: string): Promise<void> {
  await db.updateTable('wf_task').set({ wait_for: toTaskId }).where('wait_for', '=', fromTaskId).execute();
}
/** Parks an open task until `waitFor` is done; false when somebody acted on it first. */
export async function parkTask(db: Db, id: string, waitFor: string): Promise<boolean> {
  const r = await db
    .updateTable('wf_task')
    .set({ status: 'pending', wait_for: waitFor, due_at: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return affected(r) === 1;
}
/** The assignees of the open or pending tasks of a node on a token. */
export const liveAssigneesOfNode = (db: Db, tokenId: string, nodeId: string) =>
  db
    .selectFrom('wf_task')
    .select('assignee')
    .where('token_id', '=', tokenId)
    .where('node_id', '=', nodeId)
    .where('status', 'in', ['open', 'pending'])
    .execute();
/** The assignees of the open tasks of an instance. */
export const openAssignees = async (db: Db, instanceId: string): Promise<string[]> =>
  (await db.selectFrom('wf_task').select('assignee').where('instance_id', '=', instanceId).where('status', '=', 'open').execute()).map(
    (t) => t.assignee,
  );
/** Whether a user is or was an approver (or the delegator) or a CC recipient of any of the instances. */
export async function takesPartIn(db: Db, instanceIds: string[], userCode: string): Promise<boolean> {
  if (!instanceIds.length) return false;
  const t = await db
    .selectFrom('wf_task')
    .select('id')
    .where('instance_id', 'in', instanceIds)
    .where((eb) => eb.or([eb('assignee', '=', userCode), eb('on_behalf_of', '=', userCode)]))
    .limit(1)
    .executeTakeFirst();
  if (t) return true;
  return !!(await db
    .selectFrom('wf_cc')
    .select('id')
    .where('instance_id', 'in', instanceIds)
    .where('user_code', '=', userCode)
    .limit(1)
    .executeTakeFirst());
}
/** The instances of some records of a module (field permissions). */
export const instancesOfRecords = (db: Db, moduleCode: string, recordIds: string[]) =>
  db
    .selectFrom('wf_instance')
    .select(['id', 'record_id', 'definition_id'])
    .where('module_code', '=', moduleCode)
    .where('record_id', 'in', recordIds)
    .execute();
/** A user's tasks (own or delegated) and CC copies in some instances. */
export function involvementIn(db: Db, instanceIds: string[], userCode: string) {
  return Promise.all([
    db
      .selectFrom('wf_task')
      .select(['instance_id', 'node_id', 'status', 'created_at', 'acted_at'])
      .where('instance_id', 'in', instanceIds)
      .where((eb) => eb.or([eb('assignee', '=', userCode), eb('on_behalf_of', '=', userCode)]))
      .execute(),
    db
      .selectFrom('wf_cc')
      .select(['instance_id', 'node_id', 'created_at'])
      .where('instance_id', 'in', instanceIds)
      .where('user_code', '=', userCode)
      .execute(),
  ]);
}
/** History rows of some instances, in order. */
export const historyOfInstances = (db: Db, instanceIds: string[]) =>
  db.selectFrom('wf_history').selectAll().where('instance_id', 'in', instanceIds).orderBy('id').execute();
/** Marks a user's CC copies of an instance read. */
export async function readCcOfInstance(db: Db, instanceId: string, userCode: string, at: string): Promise<void> {
  await db
    .updateTable('wf_cc')
    .set({ read_at: at })
    .where('instance_id', '=', instanceId)
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .execute();
}
/** The body and status of a definition version. */
export const definitionRow = (db: Db, id: string) =>
  db.selectFrom('wf_definition').select(['body', 'status']).where('id', '=', id).executeTakeFirst();
/** Appends notifications. */
export async function insertNotifications(db: Db, rows: WfNotificationTable[], event?: string): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('wf_notification').values(rows).execute();
  await enqueueOutbox(db, rows, event);
}
