import { randomBytes } from 'node:crypto';
import { addDays, chinaDate, chinaYear } from '@oa/shared/format/china-time';
import type { Paged } from '@oa/shared/contract/envelope';
import {
  superviseColor,
  type SuperviseBody,
  type SuperviseDetail,
  type SuperviseStat,
  type SuperviseTask,
} from '@oa/shared/contract/supervise';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { insertNotices } from '../../core/ports/notice.repository';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import * as repo from './supervise.repository';

/** Supervision: tasks assigned, accepted, reported, reviewed, closed; colours, reminders and 催办. */
const newId = (): string => randomBytes(12).toString('hex');
export interface Viewer {
  userCode: string;
  isAdmin: boolean;
  canManage: boolean;
}
const OPEN = ['assigned', 'doing', 'reviewing'];
const arr = (s: string): string[] => {
  try {
    return JSON.parse(s) as string[];
  } catch {
    return [];
  }
};

async function toTasks(ctx: AppContext, rows: repo.TaskRow[], now: Date): Promise<SuperviseTask[]> {
  const depts = await repo.depts(ctx.db);
  const name = (c: string) => depts.find((d) => d.dept_code === c)?.dept_name ?? c;
  return rows.map((t) => ({
    id: t.id,
    serialNo: t.serial_no,
    title: t.title,
    content: t.content,
    sourceType: t.source_type,
    sourceId: t.source_id,
    sourceTitle: t.source_title,
    sourceLink: t.source_link,
    leadDept: t.lead_dept,
    leadDeptName: t.lead_dept_name ?? t.lead_dept,
    ownerUser: t.owner_user,
    ownerName: t.owner_name ?? t.owner_user,
    assistDepts: arr(t.assist_depts).map((c) => ({ deptCode: c, deptName: name(c) })),
    startDate: t.start_date,
    dueDate: t.due_date,
    status: t.status as SuperviseTask['status'],
    progress: t.progress,
    supervisor: t.supervisor,
    supervisorName: t.supervisor_name ?? t.supervisor,
    color: superviseColor({ status: t.status, progress: t.progress, startDate: t.start_date, dueDate: t.due_date }, now),
    extensionDue: t.extension_due,
    extensionReason: t.extension_reason,
    urgeCount: t.urge_count,
    closedAt: t.closed_at,
    createdAt: t.created_at,
  }));
}

export async function list(
  ctx: AppContext,
  viewer: Viewer,
  q: {
    pageNumber: number;
    pageSize: number;
    scope: 'mine' | 'exec' | 'all';
    status?: string;
    color?: string;
    keyword?: string;
    leadDept?: string;
  },
  now: Date,
): Promise<Paged<SuperviseTask>> {
  const statuses = q.status === 'open' ? OPEN : q.status ? [q.status] : q.scope === 'exec' ? OPEN : undefined;
  const filter = {
    supervisor: q.scope === 'mine' && !viewer.isAdmin ? viewer.userCode : undefined,
    assignee: q.scope === 'exec' ? viewer.userCode : undefined,
    statuses,
    keyword: q.keyword,
    leadDept: q.leadDept,
  };
  if (q.color) {
    // colours depend on the clock: filter the open tasks (indexed by status) in memory
    const { rows } = await repo.list(ctx.db, {
      ...filter,
      statuses: statuses?.filter((s) => OPEN.includes(s)) ?? OPEN,
      offset: 0,
      limit: 5000,
    });
    const all = (await toTasks(ctx, rows, now)).filter((t) => t.color === q.color);
    const from = (q.pageNumber - 1) * q.pageSize;
    return { list: all.slice(from, from + q.pageSize), total: all.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }
  const { rows, total } = await repo.list(ctx.db, { ...filter, offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  return { list: await toTasks(ctx, rows, now), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

async function taskOf(ctx: AppContext, id: string): Promise<repo.TaskRow> {
  const t = await repo.getTask(ctx.db, id);
  if (!t) throw notFound('督办事项不存在');
  return t;
}

/** Who may read a task: its supervisor, owner, sub-task owners, leaders of the lead / assisting departments, managers. */
async function readable(ctx: AppContext, viewer: Viewer, t: repo.TaskRow, subs: repo.SubtaskRow[]): Promise<boolean> {
  if (viewer.isAdmin || viewer.canManage || t.supervisor === viewer.userCode || t.owner_user === viewer.userCode) return true;
  if (subs.some((s) => s.owner_user === viewer.userCode)) return true;
  const depts = [t.lead_dept, ...arr(t.assist_depts)];
  return (await repo.depts(ctx.db)).some((d) => depts.includes(d.dept_code) && d.leader_user_code === viewer.userCode);
}

export async function detail(ctx: AppContext, viewer: Viewer, id: string, now: Date): Promise<SuperviseDetail> {
  const t = await taskOf(ctx, id);
  const subs = await repo.subtasks(ctx.db, id);
  if (!(await readable(ctx, viewer, t, subs))) throw forbidden('无权查看该督办事项');
  const logs = await repo.logs(ctx.db, id);
  const files = await repo.fileNames(ctx.db, [...new Set(logs.flatMap((l) => arr(l.files)))]);
  const isOwner = t.owner_user === viewer.userCode;
  const isSupervisor = t.supervisor === viewer.userCode || viewer.canManage || viewer.isAdmin;
  return {
    task: (await toTasks(ctx, [t], now))[0],
    subtasks: subs.map((s) => ({
      id: s.id,
      title: s.title,
      deptCode: s.dept_code,
      deptName: s.dept_name ?? s.dept_code,
      ownerUser: s.owner_user,
      ownerName: s.owner_name ?? s.owner_user,
      dueDate: s.due_date,
      progress: s.progress,
      note: s.note,
    })),
    logs: logs.map((l) => ({
      id: l.id,
      action: l.action,
      userCode: l.user_code,
      userName: l.user_name ?? l.user_code,
      percent: l.percent,
      content: l.content,
      subtaskId: l.subtask_id,
      createdAt: l.created_at,
      files: arr(l.files).map((f) => ({ fileId: f, fileName: files.find((x) => x.id === f)?.original_name ?? f })),
    })),
    can: {
      accept: isOwner && t.status === 'assigned',
      report: isOwner && t.status === 'doing',
      extend: isOwner && (t.status === 'assigned' || t.status === 'doing') && !t.extension_due,
      review: isSupervisor && t.status !== 'closed',
      subtaskIds: t.status === 'doing' ? subs.filter((s) => s.owner_user === viewer.userCode).map((s) => s.id) : [],
    },
  };
}

async function checkPeople(ctx: AppContext, body: SuperviseBody): Promise<void> {
  const depts = new Set((await repo.depts(ctx.db)).map((d) => d.dept_code));
  if (!depts.has(body.leadDept)) throw badRequest('牵头部门不存在', 'leadDept');
  body.assistDepts.forEach((d, i) => {
    if (!depts.has(d)) throw badRequest('协办部门不存在', `assistDepts.${i}`);
  });
  const codes = [body.ownerUser, ...body.subtasks.map((s) => s.ownerUser)];
  const found = new Map((await repo.users(ctx.db, codes)).filter((u) => u.status === 'Y').map((u) => [u.user_code, u]));
  if (!found.has(body.ownerUser)) throw badRequest('责任人不存在或已停用', 'ownerUser');
  body.subtasks.forEach((s, i) => {
    if (!depts.has(s.deptCode)) throw badRequest(`第 ${i + 1} 个子任务的部门不存在`, `subtasks.${i}.deptCode`);
    if (!found.has(s.ownerUser)) throw badRequest(`第 ${i + 1} 个子任务的责任人不存在或已停用`, `subtasks.${i}.ownerUser`);
    if (s.dueDate > body.dueDate) throw badRequest(`第 ${i + 1} 个子任务的期限不能晚于办结期限`, `subtasks.${i}.dueDate`);
  });
}

/** Opens a task; `audit` gets its id and serial number, written last in the task's transaction. */
export async function create(
  ctx: AppContext,
  viewer: Viewer,
  body: SuperviseBody,
  now: Date,
  audit: AuditLast<{ id: string; serialNo: string }>,
): Promise<SuperviseDetail> {
  if (body.dueDate < chinaDate(now)) throw badRequest('办结期限不能早于今天', 'dueDate');
  await checkPeople(ctx, body);
  const id = newId();
  const at = now.toISOString();
  const prefix = `DB${chinaYear(now)}`;
  await ctx.db.transaction().execute(async (trx) => {
    const serial = `${prefix}${String((await repo.countSerial(trx, prefix)) + 1).padStart(4, '0')}`;
    await repo.insertTask(trx, {
      id,
      serial_no: serial,
      title: body.title,
      content: body.content,
      source_type: body.sourceType,
      source_id: body.sourceId || null,
      source_title: body.sourceTitle || null,
      source_link: body.sourceLink || null,
      lead_dept: body.leadDept,
      owner_user: body.ownerUser,
      assist_depts: JSON.stringify([...new Set(body.assistDepts.filter((d) => d !== body.leadDept))]),
      start_date: chinaDate(now),
      due_date: body.dueDate,
      status: 'assigned',
      progress: 0,
      supervisor: viewer.userCode,
      extension_due: null,
      extension_reason: null,
      urge_count: 0,
      last_remind_on: null,
      closed_at: null,
      created_at: at,
      updated_at: at,
    });
    await repo.insertSubtasks(
      trx,
      body.subtasks.map((s, i) => ({
        id: newId(),
        task_id: id,
        title: s.title,
        dept_code: s.deptCode,
        owner_user: s.ownerUser,
        due_date: s.dueDate,
        progress: 0,
        note: null,
        sort_no: i,
      })),
    );
    await repo.insertLog(trx, {
      id: newId(),
      task_id: id,
      subtask_id: null,
      user_code: viewer.userCode,
      action: 'create',
      percent: null,
      content: `交办：${body.title}`,
      files: '[]',
      created_at: at,
    });
    await insertNotices(
      trx,
      [body.ownerUser, ...body.subtasks.map((s) => s.ownerUser)],
      {
        kind: 'remind',
        title: `新的督办事项：${body.title}`,
        content: `办结期限 ${body.dueDate}，请在“待办督办”中接收办理。`,
        moduleCode: 'supervise',
        recordId: id,
      },
      at,
    );
    await audit(trx, { id, serialNo: serial });
  });
  return detail(ctx, viewer, id, now);
}

async function log(
  trx: AppContext['db'],
  taskId: string,
  userCode: string,
  action: string,
  at: string,
  extra: { percent?: number; content?: string | null; subtaskId?: string | null; files?: string[] } = {},
) {
  await repo.insertLog(trx, {
    id: newId(),
    task_id: taskId,
    subtask_id: extra.subtaskId ?? null,
    user_code: userCode,
    action,
    percent: extra.percent ?? null,
    content: extra.content ?? null,
    files: JSON.stringify(extra.files ?? []),
    created_at: at,
  });
}

export async function accept(ctx: AppContext, viewer: Viewer, id: string, now: Date): Promise<void> {
  const t = await taskOf(ctx, id);
  if (t.owner_user !== viewer.userCode) throw forbidden('只有责任人可以接收');
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateTask(trx, id, ['assigned'], { status: 'doing', updated_at: at }))) throw bizError('该督办事项已接收');
    await log(trx, id, viewer.userCode, 'accept', at);
  });
}

export async function progress(
  ctx: AppContext,
  viewer: Viewer,
  body: { id: string; subtaskId?: string | null; percent: number; content: string; fileIds: string[] },
  now: Date,
): Promise<void> {
  const t = await taskOf(ctx, body.id);
  const at = now.toISOString();
  const files = await repo.fileNames(ctx.db, body.fileIds);
  body.fileIds.forEach((f, i) => {
    if (!files.some((x) => x.id === f && x.owner === viewer.userCode)) throw badRequest('附件不存在或不是本人上传的文件', `fileIds.${i}`);
  });
  if (t.status !== 'doing') throw bizError(t.status === 'assigned' ? '请先接收该督办事项' : '当前状态不能报告进展');
  await ctx.db.transaction().execute(async (trx) => {
    if (body.subtaskId) {
      const sub = (await repo.subtasks(trx, t.id)).find((s) => s.id === body.subtaskId);
      if (!sub) throw badRequest('子任务不存在', 'subtaskId');
      if (sub.owner_user !== viewer.userCode) throw forbidden('只有子任务责任人可以报告其进展');
      await repo.updateSubtask(trx, sub.id, t.id, { progress: body.percent, note: body.content });
      await log(trx, t.id, viewer.userCode, 'subProgress', at, {
        percent: body.percent,
        content: `【${sub.title}】${body.content}`,
        subtaskId: sub.id,
        files: body.fileIds,
      });
      return;
    }
    if (t.owner_user !== viewer.userCode) throw forbidden('只有责任人可以报告进展');
    if (!(await repo.updateTask(trx, t.id, ['doing'], { progress: body.percent, updated_at: at }))) throw bizError('当前状态不能报告进展');
    await log(trx, t.id, viewer.userCode, 'progress', at, { percent: body.percent, content: body.content, files: body.fileIds });
    await insertNotices(
      trx,
      [t.supervisor],
      {
        kind: 'result',
        title: `督办进展：${t.title}`,
        content: `${t.owner_name ?? t.owner_user}报告进度 ${body.percent}%：${body.content}`,
        moduleCode: 'supervise',
        recordId: t.id,
      },
      at,
    );
  });
}

export async function requestExtension(
  ctx: AppContext,
  viewer: Viewer,
  body: { id: string; dueDate: string; reason: string },
  now: Date,
): Promise<void> {
  const t = await taskOf(ctx, body.id);
  if (t.owner_user !== viewer.userCode) throw forbidden('只有责任人可以申请延期');
  if (body.dueDate <= t.due_date) throw badRequest('延期后的期限须晚于当前办结期限', 'dueDate');
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (
      t.extension_due ||
      !(await repo.updateTask(trx, t.id, ['assigned', 'doing'], {
        extension_due: body.dueDate,
        extension_reason: body.reason,
        updated_at: at,
      }))
    )
      throw bizError('已有待审核的延期申请，或当前状态不能申请延期');
    await log(trx, t.id, viewer.userCode, 'extend', at, { content: `申请延期至 ${body.dueDate}：${body.reason}` });
    await insertNotices(
      trx,
      [t.supervisor],
      {
        kind: 'remind',
        title: `延期申请：${t.title}`,
        content: `申请延期至 ${body.dueDate}，原因：${body.reason}`,
        moduleCode: 'supervise',
        recordId: t.id,
      },
      at,
    );
  });
}

/** The owner asks to close (申请办结): progress becomes 100 and the supervisor reviews. */
export async function submit(ctx: AppContext, viewer: Viewer, id: string, content: string | undefined, now: Date): Promise<void> {
  const t = await taskOf(ctx, id);
  if (t.owner_user !== viewer.userCode) throw forbidden('只有责任人可以申请办结');
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateTask(trx, id, ['doing'], { status: 'reviewing', progress: 100, updated_at: at })))
      throw bizError('当前状态不能申请办结');
    await log(trx, id, viewer.userCode, 'submit', at, { percent: 100, content: content || null });
    await insertNotices(
      trx,
      [t.supervisor],
      { kind: 'remind', title: `申请办结：${t.title}`, content: '责任人已申请办结，请审核。', moduleCode: 'supervise', recordId: t.id },
      at,
    );
  });
}

/** The supervisor closes, sends back, or decides an extension. */
export async function review(
  ctx: AppContext,
  viewer: Viewer,
  body: { id: string; action: 'close' | 'return' | 'extendOk' | 'extendNo'; comment?: string },
  now: Date,
  audit: AuditLast<{ before: TaskState; after: TaskState }>,
): Promise<void> {
  const t = await taskOf(ctx, body.id);
  if (t.supervisor !== viewer.userCode && !viewer.canManage && !viewer.isAdmin) throw forbidden('只有督办人可以审核');
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    let ok = false;
    let text = '';
    if (body.action === 'close') {
      ok = await repo.updateTask(trx, t.id, OPEN, {
        status: 'closed',
        closed_at: at,
        extension_due: null,
        extension_reason: null,
        updated_at: at,
      });
      text = `督办事项已办结${body.comment ? `：${body.comment}` : ''}`;
    } else if (body.action === 'return') {
      if (!body.comment) throw badRequest('请填写退回意见', 'comment');
      ok = await repo.updateTask(trx, t.id, ['reviewing'], { status: 'doing', updated_at: at });
      text = `督办事项被退回：${body.comment}`;
    } else {
      if (!t.extension_due) throw bizError('没有待审核的延期申请');
      const patch = body.action === 'extendOk' ? { due_date: t.extension_due } : {};
      ok = await repo.updateTask(trx, t.id, OPEN, {
        ...patch,
        extension_due: null,
        extension_reason: null,
        last_remind_on: null,
        updated_at: at,
      });
      text = body.action === 'extendOk' ? `同意延期至 ${t.extension_due}` : `不同意延期${body.comment ? `：${body.comment}` : ''}`;
    }
    if (!ok) throw bizError('该督办事项状态已变化，请刷新后重试');
    await log(trx, t.id, viewer.userCode, body.action, at, { content: text });
    await insertNotices(
      trx,
      [t.owner_user],
      {
        kind: body.action === 'return' ? 'return' : 'result',
        title: `督办审核：${t.title}`,
        content: text,
        moduleCode: 'supervise',
        recordId: t.id,
      },
      at,
    );
    await audit(trx, { before: stateOf(t), after: stateOf((await repo.getTask(trx, t.id))!) });
  });
}

/** What a review changes of a task (its audit's before and after). */
type TaskState = Pick<repo.TaskRow, 'status' | 'due_date' | 'extension_due' | 'extension_reason' | 'closed_at'>;
const stateOf = (t: repo.TaskRow): TaskState => ({
  status: t.status,
  due_date: t.due_date,
  extension_due: t.extension_due,
  extension_reason: t.extension_reason,
  closed_at: t.closed_at,
});

/** 催办: a message in the to-do centre and an SMS to the owner. */
export async function urge(ctx: AppContext, viewer: Viewer, id: string, content: string | undefined, now: Date): Promise<void> {
  const t = await taskOf(ctx, id);
  if (t.supervisor !== viewer.userCode && !viewer.canManage && !viewer.isAdmin) throw forbidden('只有督办人可以催办');
  if (t.status === 'closed') throw bizError('该督办事项已办结');
  const at = now.toISOString();
  const text = content || `请尽快办理督办事项“${t.title}”（期限 ${t.due_date}）。`;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.bumpUrge(trx, t.id, at);
    await log(trx, t.id, viewer.userCode, 'urge', at, { content: text });
    await insertNotices(
      trx,
      [t.owner_user],
      { kind: 'urge', title: `督办催办：${t.title}`, content: text, moduleCode: 'supervise', recordId: t.id },
      at,
    );
  });
  await sms(ctx, t.owner_user, `【${ctx.config.siteTitle}】督办催办：${text}`);
}

async function sms(ctx: AppContext, userCode: string, text: string): Promise<void> {
  const [u] = await repo.users(ctx.db, [userCode]);
  if (u?.mobile) await ctx.sms.send(u.mobile, text).catch(() => undefined);
}

/** Daily reminders before the due date (within 3 days) and 催办 once overdue; once a day per task. */
export async function runReminders(ctx: AppContext, now: Date): Promise<number> {
  const today = chinaDate(now);
  const soon = addDays(chinaDate(now), 3);
  let n = 0;
  for (const t of await repo.openTasks(ctx.db, soon)) {
    if (t.status === 'reviewing') continue;
    const overdue = t.due_date < today;
    const at = now.toISOString();
    const sent = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.markReminded(trx, t.id, today))) return false;
      const text = overdue
        ? `督办事项“${t.title}”已超过办结期限（${t.due_date}），请尽快办理。`
        : `督办事项“${t.title}”将于 ${t.due_date} 到期，当前进度 ${t.progress}%。`;
      await log(trx, t.id, 'system', overdue ? 'urge' : 'remind', at, { content: text });
      await insertNotices(
        trx,
        overdue ? [t.owner_user, t.supervisor] : [t.owner_user],
        {
          kind: overdue ? 'urge' : 'remind',
          title: `${overdue ? '督办超期' : '督办到期提醒'}：${t.title}`,
          content: text,
          moduleCode: 'supervise',
          recordId: t.id,
        },
        at,
      );
      return text;
    });
    if (sent) {
      n++;
      if (overdue) await sms(ctx, t.owner_user, `【${ctx.config.siteTitle}】${sent}`);
    }
  }
  return n;
}

/** On-time rate by lead department: closed by the due date / all tasks due or closed. */
export async function stats(ctx: AppContext, now: Date): Promise<SuperviseStat[]> {
  const today = chinaDate(now);
  const depts = (await repo.depts(ctx.db)).filter((d) => d.parent_code);
  const rows = await repo.statRows(ctx.db);
  return depts
    .map((d) => {
      const mine = rows.filter((r) => r.lead_dept === d.dept_code);
      const closed = mine.filter((r) => r.status === 'closed');
      const onTime = closed.filter((r) => r.closed_at && chinaDate(r.closed_at) <= r.due_date).length;
      const overdue = mine.filter((r) => r.status !== 'closed' && r.due_date < today).length;
      const judged = closed.length + overdue;
      return {
        deptCode: d.dept_code,
        deptName: d.dept_name,
        total: mine.length,
        closed: closed.length,
        onTime,
        overdue,
        rate: judged ? Math.round((onTime / judged) * 1000) / 10 : 0,
      };
    })
    .filter((s) => s.total > 0);
}

/** The viewer's open tasks by due date (the home widget). */
export async function due(ctx: AppContext, viewer: Viewer, now: Date): Promise<SuperviseTask[]> {
  const { rows } = await repo.list(ctx.db, { assignee: viewer.userCode, statuses: OPEN, offset: 0, limit: 8 });
  return toTasks(ctx, rows, now);
}

/** A supervision attachment may be read by whoever may read a task whose log carries it. */
export async function fileReadable(ctx: AppContext, fileId: string, viewer: Viewer): Promise<boolean> {
  for (const { task_id } of await repo.tasksWithFile(ctx.db, fileId)) {
    const t = await repo.getTask(ctx.db, task_id);
    if (t && (await readable(ctx, viewer, t, await repo.subtasks(ctx.db, t.id)))) return true;
  }
  return false;
}
