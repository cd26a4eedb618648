import type { Db } from '../../db/database';
import { chinaDate, chinaDateTime, chinaInstant } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import type { Paged } from '@oa/shared/contract/envelope';
import type {
  WeeklyColumn,
  WeeklyColumnBody,
  WeeklyCompileSave,
  WeeklyCompileView,
  WeeklyDeptStatus,
  WeeklyPeriod,
  WeeklyReport,
  WeeklySearchHit,
  WeeklySection,
  WeeklySectionSave,
} from '@oa/shared/contract/weekly';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { insertNotices } from '../../core/ports/notice.repository';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import * as repo from './weekly.repository';

/** Weekly reports: a period per week, department sections, the editor's compilation. */
const newId = (): string => randomBytes(12).toString('hex');
export interface Viewer {
  userCode: string;
  deptCode: string | null;
  isEditor: boolean;
}

const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The ISO week of a date (Monday first): code 2026-W48, Monday, Sunday, default deadline Friday 17:00 (UTC+8). */
export function weekOf(date: string | Date): { weekCode: string; start: string; end: string; deadline: string } {
  const d = typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : Date.parse(`${chinaDate(date)}T00:00:00Z`);
  const dow = (new Date(d).getUTCDay() + 6) % 7; // Monday 0
  const monday = d - dow * DAY;
  const thursday = new Date(monday + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  const friday = ymd(monday + 4 * DAY);
  return {
    weekCode: `${year}-W${String(week).padStart(2, '0')}`,
    start: ymd(monday),
    end: ymd(monday + 6 * DAY),
    deadline: chinaInstant(friday, '17:00'),
  };
}

async function ensurePeriod(ctx: AppContext, weekDate: string | Date, deadline?: string): Promise<repo.PeriodRow> {
  const w = weekOf(weekDate);
  const found = await repo.periodByWeek(ctx.db, w.weekCode);
  if (found) return found;
  const [, n] = w.weekCode.split('-W');
  await repo.insertPeriod(ctx.db, {
    id: newId(),
    week_code: w.weekCode,
    title: `${w.weekCode.slice(0, 4)}年第${Number(n)}周工作周报（${w.start.slice(5)} 至 ${w.end.slice(5)}）`,
    start_date: w.start,
    end_date: w.end,
    deadline: deadline ? new Date(deadline).toISOString() : w.deadline,
    status: 'open',
    published_at: null,
    published_by: null,
    created_at: new Date().toISOString(),
  });
  return (await repo.periodByWeek(ctx.db, w.weekCode))!;
}

async function toPeriods(ctx: AppContext, rows: repo.PeriodRow[], viewer: Viewer): Promise<WeeklyPeriod[]> {
  const [depts, sections] = await Promise.all([
    repo.listDepts(ctx.db),
    repo.sectionsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((p) => {
    const mine = sections.filter((s) => s.period_id === p.id);
    const my = viewer.deptCode ? mine.find((s) => s.dept_code === viewer.deptCode) : undefined;
    return {
      id: p.id,
      weekCode: p.week_code,
      title: p.title,
      startDate: p.start_date,
      endDate: p.end_date,
      deadline: p.deadline,
      status: p.status as 'open' | 'published',
      publishedAt: p.published_at,
      submitted: mine.filter((s) => s.status === 'submitted' || s.status === 'late').length,
      deptTotal: depts.length,
      myStatus: viewer.deptCode ? (my?.status ?? 'missing') : null,
    };
  });
}

export async function listPeriods(
  ctx: AppContext,
  viewer: Viewer,
  q: { pageNumber: number; pageSize: number; status?: 'open' | 'published' },
  now: Date,
): Promise<Paged<WeeklyPeriod>> {
  await ensurePeriod(ctx, now);
  const { rows, total } = await repo.listPeriods(ctx.db, { status: q.status, offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  return { list: await toPeriods(ctx, rows, viewer), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function createPeriod(ctx: AppContext, viewer: Viewer, body: { weekDate: string; deadline?: string }): Promise<WeeklyPeriod> {
  const w = weekOf(body.weekDate);
  if (await repo.periodByWeek(ctx.db, w.weekCode)) throw bizError(`${w.weekCode} 的周报期次已存在`);
  const p = await ensurePeriod(ctx, body.weekDate, body.deadline);
  return (await toPeriods(ctx, [p], viewer))[0];
}

async function period(ctx: AppContext, id: string): Promise<repo.PeriodRow> {
  const p = await repo.getPeriod(ctx.db, id);
  if (!p) throw notFound('周报期次不存在');
  return p;
}

// ---- columns (the editor maintains them)
const toColumn = (c: repo.ColumnRow): WeeklyColumn => ({ id: c.id, name: c.name, sortNo: c.sort_no, enabled: c.enabled });
export const listColumns = async (ctx: AppContext, enabledOnly: boolean) => (await repo.listColumns(ctx.db, enabledOnly)).map(toColumn);
export async function saveColumn(ctx: AppContext, body: WeeklyColumnBody & { id?: string }): Promise<WeeklyColumn> {
  const same = await repo.columnByName(ctx.db, body.name);
  if (same && same.id !== body.id) throw bizError(`栏目“${body.name}”已存在`);
  if (body.id) {
    if (!(await repo.updateColumn(ctx.db, body.id, { name: body.name, sort_no: body.sortNo, enabled: body.enabled })))
      throw notFound('栏目不存在');
    return toColumn((await repo.getColumn(ctx.db, body.id))!);
  }
  const row = { id: newId(), name: body.name, sort_no: body.sortNo, enabled: body.enabled, created_at: new Date().toISOString() };
  await repo.insertColumn(ctx.db, row);
  return toColumn(row);
}
export async function removeColumn(ctx: AppContext, id: string): Promise<void> {
  if (await repo.columnInUse(ctx.db, id)) throw bizError('该栏目已有周报内容，不能删除，可停用');
  if (!(await repo.deleteColumn(ctx.db, id))) throw notFound('栏目不存在');
}

// ---- department sections
export async function getSection(ctx: AppContext, viewer: Viewer, periodId: string, deptCode?: string): Promise<WeeklySection> {
  const p = await period(ctx, periodId);
  const dept = deptCode || viewer.deptCode;
  if (!dept) throw bizError('您没有所属部门，无法填写部门周报');
  if (dept !== viewer.deptCode && !viewer.isEditor) throw forbidden('只能查看本部门的周报');
  const depts = await repo.listDepts(ctx.db);
  const d = depts.find((x) => x.dept_code === dept);
  if (!d) throw notFound('部门不存在');
  const s = await repo.getSection(ctx.db, p.id, dept);
  const items = s ? await repo.sectionItems(ctx.db, s.id) : [];
  const status = s?.status ?? 'missing';
  return {
    id: s?.id ?? null,
    periodId: p.id,
    deptCode: dept,
    deptName: d.dept_name,
    status,
    submittedAt: s?.submitted_at ?? null,
    returnReason: s?.return_reason ?? null,
    updatedBy: s?.updated_by ?? null,
    updatedAt: s?.updated_at ?? null,
    items: items.map((i) => ({ id: i.id, columnId: i.column_id, content: i.content })),
    editable: dept === viewer.deptCode && p.status === 'open' && ['missing', 'draft', 'returned'].includes(status),
  };
}

/** Saves the own department's section as a draft, or submits it (late after the deadline). */
export async function saveSection(ctx: AppContext, viewer: Viewer, body: WeeklySectionSave, now: Date): Promise<WeeklySection> {
  const p = await period(ctx, body.periodId);
  const dept = viewer.deptCode;
  if (!dept) throw bizError('您没有所属部门，无法填写部门周报');
  if (p.status !== 'open') throw bizError('本期周报已发布，不能再修改');
  const columns = new Set((await repo.listColumns(ctx.db, true)).map((c) => c.id));
  body.items.forEach((it, i) => {
    if (!columns.has(it.columnId)) throw badRequest(`第 ${i + 1} 条的栏目不存在或已停用`, `items.${i}.columnId`);
  });
  if (body.submit && !body.items.length) throw bizError('请至少填写一条内容再提交');
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSection(trx, {
      id: newId(),
      period_id: p.id,
      dept_code: dept,
      status: 'draft',
      submitted_at: null,
      return_reason: null,
      updated_by: viewer.userCode,
      updated_at: at,
    });
    const s = (await repo.getSection(trx, p.id, dept))!;
    const status = body.submit ? (at > p.deadline ? 'late' : 'submitted') : s.status === 'returned' ? 'returned' : 'draft';
    const ok = await repo.updateSection(trx, s.id, ['draft', 'returned'], {
      status,
      submitted_at: body.submit ? at : null,
      updated_by: viewer.userCode,
      updated_at: at,
    });
    if (!ok) throw bizError('本部门周报已提交，不能再修改（如需修改请联系周报负责人退回）');
    await repo.replaceItems(
      trx,
      s.id,
      body.items.map((it, i) => ({
        id: newId(),
        period_id: p.id,
        dept_code: dept,
        column_id: it.columnId,
        content: it.content,
        sort_no: i,
      })),
    );
  });
  return getSection(ctx, viewer, p.id);
}

export async function returnSection(
  ctx: AppContext,
  viewer: Viewer,
  body: { periodId: string; deptCode: string; reason: string },
): Promise<void> {
  const p = await period(ctx, body.periodId);
  if (p.status !== 'open') throw bizError('本期周报已发布，不能退回');
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.getSection(trx, p.id, body.deptCode);
    if (
      !s ||
      !(await repo.updateSection(trx, s.id, ['submitted', 'late'], {
        status: 'returned',
        return_reason: body.reason,
        updated_by: viewer.userCode,
        updated_at: new Date().toISOString(),
      }))
    ) {
      throw bizError('该部门周报尚未提交，不能退回');
    }
    const leader = (await repo.listDepts(trx)).find((d) => d.dept_code === body.deptCode)?.leader_user_code;
    await insertNotices(trx, [s.updated_by, leader ?? ''], {
      kind: 'return',
      title: `周报被退回：${p.title}`,
      content: `退回原因：${body.reason}`,
      moduleCode: 'weekly',
      recordId: p.id,
    });
  });
}

export async function deptStatus(ctx: AppContext, periodId: string): Promise<WeeklyDeptStatus[]> {
  const p = await period(ctx, periodId);
  const [depts, sections, counts] = await Promise.all([
    repo.listDepts(ctx.db),
    repo.sectionsOf(ctx.db, [p.id]),
    repo.itemCounts(ctx.db, p.id),
  ]);
  return depts.map((d) => {
    const s = sections.find((x) => x.dept_code === d.dept_code);
    return {
      deptCode: d.dept_code,
      deptName: d.dept_name,
      status: s?.status ?? 'missing',
      submittedAt: s?.submitted_at ?? null,
      itemCount: Number(counts.find((c) => c.dept_code === d.dept_code)?.n ?? 0),
    };
  });
}

/** Reminds the departments that have not submitted: their leader and whoever last edited the draft. */
export async function remind(ctx: AppContext, periodId: string): Promise<number> {
  const p = await period(ctx, periodId);
  return insertNotices(ctx.db, await unsubmittedUsers(ctx.db, p.id), dueNotice(p));
}

/** The people to remind of a period: the leader and the last editor of each department that has not submitted. */
export async function unsubmittedUsers(db: Db, periodId: string): Promise<string[]> {
  const [depts, sections] = await Promise.all([repo.listDepts(db), repo.sectionsOf(db, [periodId])]);
  const pending = depts.filter(
    (d) => !sections.some((s) => s.dept_code === d.dept_code && (s.status === 'submitted' || s.status === 'late')),
  );
  return pending.flatMap((d) =>
    [d.leader_user_code, sections.find((s) => s.dept_code === d.dept_code)?.updated_by].filter((u): u is string => !!u),
  );
}

/** The 周报待提交 message of a period. */
export const dueNotice = (p: { id: string; title: string; deadline: string }) => ({
  kind: 'remind' as const,
  title: `请提交本部门周报：${p.title}`,
  content: `截止时间 ${chinaDateTime(p.deadline)}，请尽快在“部门周报”中填写并提交。`,
  moduleCode: 'weekly',
  recordId: p.id,
  event: 'weekly_due' as const,
});

// ---- compilation (the editor)
export async function compileView(ctx: AppContext, viewer: Viewer, periodId: string): Promise<WeeklyCompileView> {
  const p = await period(ctx, periodId);
  const [columns, sources, compiled] = await Promise.all([
    repo.listColumns(ctx.db),
    repo.submittedItems(ctx.db, p.id),
    repo.compiledItems(ctx.db, p.id),
  ]);
  return {
    period: (await toPeriods(ctx, [p], viewer))[0],
    columns: columns.map(toColumn),
    sources: sources.map((s) => ({
      id: s.id,
      columnId: s.column_id,
      content: s.content,
      deptCode: s.dept_code,
      deptName: s.dept_name ?? s.dept_code,
    })),
    compiled: compiled.map((c) => ({
      columnId: c.column_id,
      deptCode: c.dept_code,
      deptName: c.dept_name ?? null,
      content: c.content,
      sourceItemId: c.source_item_id,
    })),
  };
}

/** Saves (and may publish) the compiled report; `audit` is written last in the save's transaction. */
export async function saveCompile(
  ctx: AppContext,
  viewer: Viewer,
  body: WeeklyCompileSave,
  now: Date,
  audit: AuditLast,
): Promise<WeeklyCompileView> {
  const p = await period(ctx, body.periodId);
  const columns = new Set((await repo.listColumns(ctx.db)).map((c) => c.id));
  body.items.forEach((it, i) => {
    if (!columns.has(it.columnId)) throw badRequest(`第 ${i + 1} 条的栏目不存在`, `items.${i}.columnId`);
  });
  if (body.publish && !body.items.length) throw bizError('汇编内容为空，不能发布');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceCompiled(
      trx,
      p.id,
      body.items.map((it, i) => ({
        id: newId(),
        column_id: it.columnId,
        dept_code: it.deptCode || null,
        source_item_id: it.sourceItemId || null,
        content: it.content,
        sort_no: i,
      })),
    );
    if (body.publish) await repo.publishPeriod(trx, p.id, viewer.userCode, now.toISOString());
    await audit(trx);
  });
  return compileView(ctx, viewer, p.id);
}

/** The compiled report as it prints: published ones for everybody, unpublished only for the editor. */
export async function report(ctx: AppContext, viewer: Viewer, periodId: string): Promise<WeeklyReport> {
  const p = await period(ctx, periodId);
  if (p.status !== 'published' && !viewer.isEditor) throw bizError('本期周报尚未发布');
  const [columns, items] = await Promise.all([repo.listColumns(ctx.db), repo.compiledItems(ctx.db, p.id)]);
  return {
    period: (await toPeriods(ctx, [p], viewer))[0],
    columns: columns
      .map((c) => ({
        id: c.id,
        name: c.name,
        items: items.filter((i) => i.column_id === c.id).map((i) => ({ deptName: i.dept_name ?? null, content: i.content })),
      }))
      .filter((c) => c.items.length),
  };
}

export async function search(
  ctx: AppContext,
  q: { pageNumber: number; pageSize: number; keyword?: string; deptCode?: string; from?: string; to?: string },
): Promise<Paged<WeeklySearchHit>> {
  const { rows, total } = await repo.search(ctx.db, { ...q, offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  return {
    list: rows.map((r) => ({
      periodId: r.period_id,
      weekCode: r.week_code,
      periodTitle: r.title,
      columnName: r.column_name ?? '',
      deptName: r.dept_name ?? null,
      content: r.content,
    })),
    total,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}
