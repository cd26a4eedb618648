import type { z } from 'zod';
import type { CcItem, InstanceSummary, NotificationItem, TaskItem, UnreadCounts, ccListQuery, mineQuery, notificationQuery, taskListQuery } from '@oa/shared/contract/workflow';
import type { Paged } from '@oa/shared/contract/envelope';
import type { Db } from '../../db/database';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import {
  countOpenTasks, countUnreadCc, listCc, listInstances, listTasks, tasksByInstance, userNames, type CcListRow, type InstanceFilter, type TaskListRow,
} from './pending.repository';
import type { InstanceRow } from './runtime.repository';

type Names = Map<string, string>;
const nm = (names: Names, code: string | null) => (code ? names.get(code) ?? (code === 'system' ? '系统' : code) : null);
const page = (q: { pageNumber: number; pageSize: number }) => ({ offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });

export const toTaskItem = (names: Names, r: TaskListRow): TaskItem => ({
  taskId: r.id, instanceId: r.instance_id, moduleCode: r.module_code, recordId: r.record_id, serialNo: r.serial_no, title: r.title,
  nodeId: r.node_id, nodeName: r.node_name, initiator: r.initiator, initiatorName: nm(names, r.initiator)!, assignee: r.assignee,
  assigneeName: nm(names, r.assignee)!, onBehalfOf: r.on_behalf_of, onBehalfOfName: nm(names, r.on_behalf_of), status: r.status,
  result: r.result, comment: r.comment, createdAt: r.created_at, actedAt: r.acted_at, dueAt: r.due_at, instanceStatus: r.instance_status,
});

export const toCcItem = (names: Names, r: CcListRow): CcItem => ({
  ccId: r.id, instanceId: r.instance_id, moduleCode: r.module_code, recordId: r.record_id, serialNo: r.serial_no, title: r.title,
  nodeId: r.node_id, nodeName: r.node_name, userCode: r.user_code, userName: nm(names, r.user_code)!, initiator: r.initiator,
  initiatorName: nm(names, r.initiator)!, createdAt: r.created_at, readAt: r.read_at, instanceStatus: r.instance_status,
});

/** Instance rows with their current nodes and approvers (from the open tasks). */
export async function summarize(db: Db, names: Names, rows: InstanceRow[]): Promise<InstanceSummary[]> {
  const open = await tasksByInstance(db, rows.filter((r) => r.status === 'running').map((r) => r.id), ['open']);
  const now = Date.now();
  return rows.map((r) => {
    const mine = open.filter((t) => t.instance_id === r.id);
    const nodes = [...new Map(mine.map((t) => [t.node_id, { nodeId: t.node_id, nodeName: t.node_name }])).values()];
    const approvers = [...new Set(mine.map((t) => t.assignee))].map((u) => ({ userCode: u, userName: nm(names, u)! }));
    return {
      instanceId: r.id, definitionId: r.definition_id, version: r.version, moduleCode: r.module_code, recordId: r.record_id, serialNo: r.serial_no,
      title: r.title, initiator: r.initiator, initiatorName: nm(names, r.initiator)!, deptCode: r.dept_code, status: r.status,
      currentNodes: nodes, approvers, startedAt: r.started_at, endedAt: r.ended_at,
      durationMs: (r.ended_at ? Date.parse(r.ended_at) : now) - Date.parse(r.started_at),
      canWithdraw: r.status === 'running' && r.acted === 'N', lastUrgedAt: r.last_urged_at,
    };
  });
}

export async function tasks(db: Db, userCode: string, which: 'todo' | 'done', q: z.infer<typeof taskListQuery>): Promise<Paged<TaskItem>> {
  const [names, { total, rows }] = await Promise.all([userNames(db), listTasks(db, userCode, which, { ...q, ...page(q) })]);
  return { list: rows.map((r) => toTaskItem(names, r)), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function ccList(db: Db, userCode: string, q: z.infer<typeof ccListQuery>): Promise<Paged<CcItem>> {
  const [names, { total, rows }] = await Promise.all([userNames(db), listCc(db, userCode, { ...q, ...page(q) })]);
  return { list: rows.map((r) => toCcItem(names, r)), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function markCcRead(db: Db, userCode: string, ccId: string): Promise<void> {
  const r = await db.updateTable('wf_cc').set({ read_at: nowIso() }).where('id', '=', ccId).where('user_code', '=', userCode).where('read_at', 'is', null).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('wf_cc').select('id').where('id', '=', ccId).where('user_code', '=', userCode).executeTakeFirst();
    if (!exists) throw bizError('抄送记录不存在');
  }
}

export async function instances(db: Db, f: InstanceFilter, q: { pageNumber: number; pageSize: number }): Promise<Paged<InstanceSummary>> {
  const [names, { total, rows }] = await Promise.all([userNames(db), listInstances(db, { ...f, ...page(q) })]);
  return { list: await summarize(db, names, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export const mine = (db: Db, userCode: string, q: z.infer<typeof mineQuery>) =>
  instances(db, { moduleCode: q.moduleCode, keyword: q.keyword, status: q.status, initiator: userCode, offset: 0, limit: 0 }, q);

export async function notifications(db: Db, userCode: string, q: z.infer<typeof notificationQuery>): Promise<Paged<NotificationItem>> {
  let base = db.selectFrom('wf_notification').where('user_code', '=', userCode);
  if (q.unreadOnly === 'Y') base = base.where('read_at', 'is', null);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset((q.pageNumber - 1) * q.pageSize).limit(q.pageSize).execute();
  return {
    list: rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, content: r.content, instanceId: r.instance_id, moduleCode: r.module_code, recordId: r.record_id, createdAt: r.created_at, readAt: r.read_at })),
    total, pageNumber: q.pageNumber, pageSize: q.pageSize,
  };
}

export async function unread(db: Db, userCode: string): Promise<UnreadCounts> {
  const [n, todo, cc] = await Promise.all([
    db.selectFrom('wf_notification').select((eb) => eb.fn.countAll<number>().as('n')).where('user_code', '=', userCode).where('read_at', 'is', null).executeTakeFirstOrThrow(),
    countOpenTasks(db, userCode),
    countUnreadCc(db, userCode),
  ]);
  return { notifications: Number(n.n), todo, cc };
}

export async function readNotifications(db: Db, userCode: string, ids?: string[]): Promise<number> {
  let q = db.updateTable('wf_notification').set({ read_at: nowIso() }).where('user_code', '=', userCode).where('read_at', 'is', null);
  if (ids) {
    if (!ids.length) return 0;
    q = q.where('id', 'in', ids);
  }
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}
