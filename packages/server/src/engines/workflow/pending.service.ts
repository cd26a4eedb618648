import type { z } from 'zod';
import { withdrawRefusal } from './withdraw-rule';
import { actorNameOf } from '@oa/shared/workflow/history-labels';
import type {
  CcItem,
  InstanceSummary,
  NotificationItem,
  TaskItem,
  UnreadCounts,
  ccListQuery,
  mineQuery,
  notificationQuery,
  taskListQuery,
} from '@oa/shared/contract/workflow';
import type { KeysetPaged, Paged } from '@oa/shared/contract/envelope';
import { countToRead, type TodoSource } from '../../core/ports/todo-sources';
import type { Db } from '../../db/database';
import { offsetOf } from '../../db/count-capped';
import { parseKeyset } from '../../db/keyset';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import {
  countOpenTasks,
  countUnreadCc,
  listCc,
  instancePageQuery,
  listInstances,
  listTasks,
  tasksByInstance,
  type CcListRow,
  type InstanceFilter,
  type TaskListRow,
} from './pending.repository';
import { currentUserNames, userNames, type RequestVersions } from '../../core/identity/identity.repository';
import { cachedAnswer } from './pending.cache';
import { memoAnswer } from '../../db/answer-memo';
import * as repo from './pending.repository';
import type { InstanceRow } from './runtime.repository';

type Names = Map<string, string>;
const nm = (names: Names, code: string | null) => (code ? actorNameOf(code, names.get(code)) : null);
const page = (q: { pageNumber: number; pageSize: number; after?: string }) => {
  const after = parseKeyset(q.after);
  return { offset: offsetOf(q, !!after), limit: q.pageSize, after };
};

export const toTaskItem = (names: Names, r: TaskListRow): TaskItem => ({
  taskId: r.id,
  instanceId: r.instance_id,
  moduleCode: r.module_code,
  recordId: r.record_id,
  serialNo: r.serial_no,
  title: r.title,
  nodeId: r.node_id,
  nodeName: r.node_name,
  initiator: r.initiator,
  initiatorName: nm(names, r.initiator)!,
  assignee: r.assignee,
  assigneeName: nm(names, r.assignee)!,
  onBehalfOf: r.on_behalf_of,
  onBehalfOfName: nm(names, r.on_behalf_of),
  status: r.status,
  result: r.result,
  comment: r.comment,
  createdAt: r.created_at,
  actedAt: r.acted_at,
  dueAt: r.due_at,
  instanceStatus: r.instance_status,
});

export const toCcItem = (names: Names, r: CcListRow): CcItem => ({
  ccId: r.id,
  instanceId: r.instance_id,
  moduleCode: r.module_code,
  recordId: r.record_id,
  serialNo: r.serial_no,
  title: r.title,
  nodeId: r.node_id,
  nodeName: r.node_name,
  userCode: r.user_code,
  userName: nm(names, r.user_code)!,
  initiator: r.initiator,
  initiatorName: nm(names, r.initiator)!,
  createdAt: r.created_at,
  readAt: r.read_at,
  instanceStatus: r.instance_status,
});

/** Instance rows with their current nodes and approvers (from the open tasks); names of these rows only. */
/** The instances as lists show them; `canWithdraw` is the viewer's (the one withdraw rule). */
export async function summarize(
  db: Db,
  rows: InstanceRow[],
  viewer: string,
  /** the rows' open tasks when read already; the request's `sys_auth_version` (names kept under it) */
  known: { open?: OpenTask[]; authVersion?: number } = {},
): Promise<InstanceSummary[]> {
  const open = known.open ?? (await openTasksOf(db, rows));
  const codes = [...rows.map((r) => r.initiator), ...open.map((t) => t.assignee)];
  const names = known.authVersion === undefined ? await userNames(db, codes) : await currentUserNames(db, codes, known.authVersion);
  const now = Date.now();
  return rows.map((r) => {
    const mine = open.filter((t) => t.instance_id === r.id);
    const nodes = [...new Map(mine.map((t) => [t.node_id, { nodeId: t.node_id, nodeName: t.node_name }])).values()];
    const approvers = [...new Set(mine.map((t) => t.assignee))].map((u) => ({ userCode: u, userName: nm(names, u)! }));
    return {
      instanceId: r.id,
      definitionId: r.definition_id,
      version: r.version,
      moduleCode: r.module_code,
      recordId: r.record_id,
      serialNo: r.serial_no,
      title: r.title,
      initiator: r.initiator,
      initiatorName: nm(names, r.initiator)!,
      deptCode: r.dept_code,
      status: r.status,
      currentNodes: nodes,
      approvers,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      durationMs: (r.ended_at ? Date.parse(r.ended_at) : now) - Date.parse(r.started_at),
      canWithdraw: !withdrawRefusal(r, viewer),
      lastUrgedAt: r.last_urged_at,
    };
  });
}

type OpenTask = Awaited<ReturnType<typeof tasksByInstance>>[number];
const openTasksOf = (db: Db, rows: InstanceRow[]) =>
  tasksByInstance(
    db,
    rows.filter((r) => r.status === 'running').map((r) => r.id),
    ['open'],
  );

/** The user codes a task or CC row shows by name. */
export const taskNamesOf = (rows: Array<{ initiator: string; assignee?: string; on_behalf_of?: string | null; user_code?: string }>) =>
  rows.flatMap((r) => [r.initiator, r.assignee, r.on_behalf_of, r.user_code]);

/**
 * A page of a user's to-do or done list. With the request's change counters (`req.auth.versions`) the answer
 * is kept in memory while they are unchanged (pending.cache.ts); frozen, since requests share it.
 */
export async function tasks(
  db: Db,
  userCode: string,
  which: 'todo' | 'done',
  q: z.infer<typeof taskListQuery>,
  versions?: RequestVersions,
): Promise<KeysetPaged<TaskItem>> {
  const read = async (): Promise<KeysetPaged<TaskItem>> => {
    const { rows, ...counted } = await listTasks(db, userCode, which, { ...q, ...page(q) });
    const names = await currentUserNames(db, taskNamesOf(rows), versions?.auth);
    const list = rows.map((r) => Object.freeze(toTaskItem(names, r)));
    return Object.freeze({ list: Object.freeze(list) as TaskItem[], ...counted, pageNumber: q.pageNumber, pageSize: q.pageSize });
  };
  return versions ? cachedAnswer(db, versions, JSON.stringify([userCode, which, q]), read) : read();
}

export async function ccList(db: Db, userCode: string, q: z.infer<typeof ccListQuery>): Promise<KeysetPaged<CcItem>> {
  const { rows, ...counted } = await listCc(db, userCode, { ...q, ...page(q) });
  const names = await userNames(db, taskNamesOf(rows));
  return { list: rows.map((r) => toCcItem(names, r)), ...counted, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function markCcRead(db: Db, userCode: string, ccId: string): Promise<void> {
  if ((await repo.markCcRead(db, ccId, userCode, nowIso())) === 0 && !(await repo.ccExists(db, ccId, userCode)))
    throw bizError('抄送记录不存在');
}

/**
 * A page of instances (the process monitor, 我的申请). With the request's change counters (`versions`) the page's
 * rows and open tasks are kept in memory under `wf_todo_version` (db/answer-memo.ts; the counter watches every
 * column of wf_instance and wf_task), keyed by the page's query; names under `sys_auth_version`. What depends on the
 * viewer or the clock (撤回, the duration) is computed on every request.
 */
export async function instances(
  db: Db,
  f: Omit<InstanceFilter, 'offset' | 'limit' | 'after'>,
  q: { pageNumber: number; pageSize: number; after?: string },
  /** whose 撤回 the rows show (the monitor's and 我的申请's reader) */
  viewer = '',
  versions?: RequestVersions,
): Promise<KeysetPaged<InstanceSummary>> {
  const filter = { ...f, ...page(q) };
  const read = async () => {
    const listed = await listInstances(db, filter);
    return { ...listed, open: await openTasksOf(db, listed.rows) };
  };
  const { rows, open, ...counted } = await memoAnswer(db, 'todo', [versions?.todo], instancePageQuery(db, filter), read);
  const list = await summarize(db, rows, viewer, { open, authVersion: versions?.auth });
  return { list, ...counted, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export const mine = (db: Db, userCode: string, q: z.infer<typeof mineQuery>, versions?: RequestVersions) =>
  instances(db, { moduleCode: q.moduleCode, keyword: q.keyword, status: q.status, initiator: userCode }, q, userCode, versions);

export async function notifications(db: Db, userCode: string, q: z.infer<typeof notificationQuery>): Promise<Paged<NotificationItem>> {
  const { rows, ...counted } = await repo.pageNotifications(db, userCode, q.unreadOnly === 'Y', q);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      content: r.content,
      instanceId: r.instance_id,
      moduleCode: r.module_code,
      recordId: r.record_id,
      createdAt: r.created_at,
      readAt: r.read_at,
    })),
    ...counted,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export async function unread(db: Db, userCode: string, sources: readonly TodoSource[] = []): Promise<UnreadCounts> {
  const [n, todo, cc, toRead] = await Promise.all([
    repo.countUnreadNotifications(db, userCode),
    countOpenTasks(db, userCode),
    countUnreadCc(db, userCode),
    countToRead(db, sources, userCode),
  ]);
  return { notifications: n, todo, cc, toRead };
}

export async function readNotifications(db: Db, userCode: string, ids?: string[]): Promise<number> {
  if (ids && !ids.length) return 0;
  return repo.readNotifications(db, userCode, nowIso(), ids);
}
