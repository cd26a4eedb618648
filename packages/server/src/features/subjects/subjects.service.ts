import {
  SUBJECT_CONTRACT_MODULE,
  SUBJECT_MODULE,
  type SubjectDetail,
  type SubjectSearchQuery,
  type SubjectStats,
  type SubjectStatus,
} from '@oa/shared/contract/subjects';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { bizError, badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as batches from './batches.repository';
import * as repo from './subjects.repository';
import { parseJson, toBatch, toItem, toLog, toReport, toReview, today } from './subjects.mapper';
import { startSubjectApproval } from './subjects.lifecycle';

/** Who is asking (built by the routes from the session). */
export interface Actor {
  userCode: string;
  deptCode: string | null;
  isAdmin: boolean;
  isApplicant: boolean;
  can(permission: string): Promise<boolean>;
}

export const PERM = {
  manage: 'research_tb',
  dept: 'research_tb_dept',
  all: 'research_tb_all',
  flow: 'research_tb_flow',
  search: 'research_tb_search',
  fund: 'research_foundation',
  fundAdd: 'research_foundation_add',
  contract: 'research_foundation_contract',
  batches: 'research_foundation_manage',
} as const;

const CHANGED = '课题状态已变化，请刷新后重试';
/** Staff never see an applicant's unsubmitted draft. */
const STAFF_VISIBLE: readonly SubjectStatus[] = [
  'submitted',
  'expert_review',
  'approving',
  'approved',
  'rejected',
  'in_progress',
  'midterm',
  'completion_requested',
  'completed',
  'terminated',
];

export type ListScope = 'manage' | 'dept' | 'all' | 'search';

export async function list(ctx: AppContext, actor: Actor, scope: ListScope, q: SubjectSearchQuery) {
  if (q.budgetMin !== undefined && q.budgetMax !== undefined && q.budgetMin > q.budgetMax)
    throw badRequest('经费下限不能大于上限', 'budgetMin');
  const where: repo.ListScope = { statuses: STAFF_VISIBLE };
  if (scope === 'dept') {
    if (!actor.deptCode) return { list: [], total: 0, pageNumber: q.pageNumber, pageSize: q.pageSize };
    where.managerDept = actor.deptCode;
  }
  const { rows, total } = await repo.searchSubjects(ctx.db, where, q);
  return { list: rows.map(toItem), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** Read-all grants: the subject administrators' pages that list every subject (not the pages everyone holds). */
const READ_ALL: readonly string[] = [PERM.manage, PERM.all, PERM.search, PERM.fund];

/**
 * The one read rule of a subject (its detail and its files): the applicant their own; administrators; holders
 * of a read-all grant; the managing department's readers (research_tb_dept); its experts; its workflow
 * participants (approvers of the subject or its contract). Drafts and returned ones only their applicant.
 */
export async function mayReadSubject(ctx: AppContext, actor: Actor, s: repo.SubjectRow): Promise<boolean> {
  if (actor.isApplicant) return s.applicant === actor.userCode;
  if (s.status === 'draft' || s.status === 'returned') return actor.isAdmin;
  if (actor.isAdmin) return true;
  for (const p of READ_ALL) if (await actor.can(p)) return true;
  if (s.manager_dept && s.manager_dept === actor.deptCode && (await actor.can(PERM.dept))) return true;
  if (await repo.isExpertOf(ctx.db, s.id, actor.userCode)) return true;
  for (const moduleCode of [SUBJECT_MODULE, SUBJECT_CONTRACT_MODULE]) {
    if (await ctx.workflow.isParticipant(ctx.db, { moduleCode, recordId: s.id, userCode: actor.userCode })) return true;
  }
  return false;
}

/** The subject as its reader may see it; applicants only their own (others answer 404, never 403: no probing). */
export async function detail(ctx: AppContext, actor: Actor, id: string): Promise<SubjectDetail> {
  const s = await repo.findSubject(ctx.db, id);
  if (!s) throw notFound('课题不存在');
  if (!(await mayReadSubject(ctx, actor, s))) {
    if (actor.isApplicant) throw notFound('课题不存在');
    throw forbidden('无权查看该课题');
  }
  const [row, batch, reviews, logs, reports] = await Promise.all([
    repo.findSubjectListRow(ctx.db, id),
    batches.findBatch(ctx.db, s.batch_id),
    repo.reviewsOf(ctx.db, id),
    repo.logsOf(ctx.db, id),
    repo.reportsOf(ctx.db, id),
  ]);
  if (!row || !batch) throw notFound('课题不存在');
  const status = s.status as SubjectStatus;
  const mine = s.applicant === actor.userCode;
  const manager = !actor.isApplicant && (await actor.can(PERM.manage));
  const openReview = reviews.find((r) => r.expert === actor.userCode && !r.scored_at);
  // Applicants see the experts' outcome (scores and opinions) once the subject is decided, never who scored.
  const decided = !['submitted', 'expert_review', 'approving', 'draft', 'returned'].includes(status);
  const shownReviews = actor.isApplicant
    ? decided
      ? reviews.filter((r) => r.scored_at).map((r, i) => ({ ...toReview(r), expert: '', expertName: `评审专家${i + 1}` }))
      : []
    : reviews.map(toReview);
  return {
    ...toItem(row),
    declaration: parseJson(s.declaration),
    contract: parseJson(s.contract),
    batch: toBatch(batch),
    reviews: shownReviews,
    logs: logs.map(toLog),
    reports: reports.map(toReport),
    manager: s.manager,
    contractSignedAt: s.contract_signed_at,
    can: {
      edit: mine && actor.isApplicant && (status === 'draft' || status === 'returned'),
      formCheck: manager && status === 'submitted',
      score: !actor.isApplicant && status === 'expert_review' && !!openReview,
      decide: manager && ['approved', 'in_progress', 'midterm', 'completion_requested', 'expert_review'].includes(status),
      editContract: mine && actor.isApplicant && status === 'approved' && ['none', 'draft', 'returned'].includes(s.contract_status),
      report: mine && actor.isApplicant && ['in_progress', 'midterm'].includes(status),
      fund:
        !actor.isApplicant &&
        ['approved', 'in_progress', 'midterm', 'completion_requested', 'completed'].includes(status) &&
        (await actor.can(PERM.fundAdd)),
    },
  };
}

/** 形式审查: accept (assign experts; the reviewer becomes the subject's manager) or return to the applicant. */
export async function formCheck(
  ctx: AppContext,
  actor: Actor,
  body: { id: string; pass: boolean; opinion?: string | null; experts: string[] },
  audit: AuditLast,
): Promise<void> {
  const experts = [...new Set(body.experts)];
  if (body.pass) {
    const valid = await repo.activeStaff(ctx.db, experts);
    const unknown = experts.filter((e) => !valid.includes(e));
    if (unknown.length) throw badRequest(`评审专家不存在或已停用：${unknown.join('、')}`, 'experts');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.findSubject(trx, body.id);
    if (!s) throw notFound('课题不存在');
    const at = nowIso();
    if (body.pass) {
      if (
        !(await repo.updateSubjectIf(trx, s.id, ['submitted'], {
          status: 'expert_review',
          manager: actor.userCode,
          manager_dept: actor.deptCode,
          updated_at: at,
        }))
      )
        throw bizError(CHANGED);
      await repo.deleteOpenReviews(trx, s.id);
      await repo.insertReviews(trx, s.id, experts, at);
      await repo.insertLog(
        trx,
        s.id,
        'format_passed',
        actor.userCode,
        `形式审查通过，进入专家评审${body.opinion ? `：${body.opinion}` : ''}`,
        at,
      );
    } else {
      if (!(await repo.updateSubjectIf(trx, s.id, ['submitted'], { status: 'returned', updated_at: at }))) throw bizError(CHANGED);
      await repo.insertLog(trx, s.id, 'format_returned', actor.userCode, `形式审查未通过，退回修改：${body.opinion ?? ''}`, at);
    }
    await audit(trx);
  });
}

/**
 * An expert scores once. The last score closes the review: the average is kept and the subject goes to
 * 立项审批 (a process of oa_subject started by its manager). The subject row is touched first, so
 * concurrent last scores are serialised and exactly one starts the process.
 */
export async function score(
  ctx: AppContext,
  actor: Actor,
  body: { id: string; score: number; opinion: string },
  audit: AuditLast,
): Promise<{ closed: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    if (!(await repo.updateSubjectIf(trx, body.id, ['expert_review'], { updated_at: at }))) {
      if (!(await repo.findSubject(trx, body.id))) throw notFound('课题不存在');
      throw bizError('该课题不在专家评审阶段');
    }
    if (!(await repo.scoreReview(trx, body.id, actor.userCode, body.score, body.opinion, at))) {
      if (!(await repo.isExpertOf(trx, body.id, actor.userCode))) throw forbidden('您不是该课题的评审专家');
      throw bizError('您已提交过评审意见');
    }
    await repo.insertLog(trx, body.id, 'scored', actor.userCode, '专家已提交评审意见', at);
    const tally = await repo.reviewTally(trx, body.id);
    if (tally.open === 0) await closeReview(ctx, trx, body.id, tally.avg, actor.userCode);
    await audit(trx);
    return { closed: tally.open === 0 };
  });
}

async function closeReview(ctx: AppContext, trx: typeof ctx.db, id: string, avg: number | null, actor: string): Promise<void> {
  const at = nowIso();
  if (!(await repo.updateSubjectIf(trx, id, ['expert_review'], { status: 'approving', score_avg: avg, updated_at: at })))
    throw bizError(CHANGED);
  await repo.insertLog(trx, id, 'review_closed', actor, `专家评审完成，平均分 ${avg ?? '—'}，提交立项审批`, at);
  const s = await repo.findSubject(trx, id);
  await startSubjectApproval(ctx, trx, s!);
}

/** The manager re-submits to 立项审批 after the process was returned or withdrawn (all experts have scored). */
export async function resubmit(ctx: AppContext, actor: Actor, id: string, audit: AuditLast): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.findSubject(trx, id);
    if (!s) throw notFound('课题不存在');
    if (s.status !== 'expert_review') throw bizError('该课题不在评审阶段');
    const tally = await repo.reviewTally(trx, id);
    if (tally.open > 0) throw bizError(`尚有 ${tally.open} 位专家未提交评审意见`);
    await closeReview(ctx, trx, id, tally.avg, actor.userCode);
    await audit(trx);
  });
}

const DECISIONS = {
  midterm: { from: ['midterm'], ok: 'in_progress', fail: 'in_progress', okNote: '中期检查通过', failNote: '中期检查未通过，限期整改' },
  complete: {
    from: ['completion_requested'],
    ok: 'completed',
    fail: 'in_progress',
    okNote: '结题验收通过',
    failNote: '结题验收未通过，继续执行',
  },
  terminate: {
    from: ['approved', 'in_progress', 'midterm', 'completion_requested'],
    ok: 'terminated',
    fail: null,
    okNote: '课题已终止',
    failNote: '',
  },
} as const;

/** Mid-term check, completion acceptance, termination (the manager's decisions after the contract). */
export async function decide(
  ctx: AppContext,
  actor: Actor,
  body: { id: string; action: keyof typeof DECISIONS; pass: boolean; opinion: string },
  audit: AuditLast,
): Promise<void> {
  const d = DECISIONS[body.action];
  if (body.action === 'terminate' && !body.pass) throw badRequest('终止课题须确认', 'pass');
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.findSubject(trx, body.id);
    if (!s) throw notFound('课题不存在');
    const at = nowIso();
    const to = body.pass ? d.ok : d.fail!;
    const extra = body.action === 'midterm' && body.pass ? { midterm_due: null } : {};
    if (!(await repo.updateSubjectIf(trx, s.id, d.from, { status: to, updated_at: at, ...extra }))) throw bizError(CHANGED);
    await repo.insertLog(
      trx,
      s.id,
      `${body.action}_${body.pass ? 'ok' : 'fail'}`,
      actor.userCode,
      `${body.pass ? d.okNote : d.failNote}：${body.opinion}`,
      at,
    );
    await audit(trx);
  });
}

/** The expert's queue (/tb/info without id). */
export async function expertQueue(ctx: AppContext, actor: Actor) {
  const rows = await repo.expertQueue(ctx.db, actor.userCode);
  return rows.map(({ row, scoredAt }) => ({ ...toItem(row), scoredAt }));
}

/** /tb/flow: subjects by status, by batch, and running subjects past a milestone. */
export async function stats(ctx: AppContext): Promise<SubjectStats> {
  const on = today();
  const [byStatus, byBatch, overdue] = await Promise.all([
    repo.countByStatus(ctx.db),
    repo.countByBatch(ctx.db),
    repo.overdueCandidates(ctx.db, on),
  ]);
  const days = (d: string) => Math.max(0, Math.round((Date.parse(on) - Date.parse(d)) / 86_400_000));
  return {
    byStatus: byStatus.filter((r) => r.status !== 'draft').map((r) => ({ status: r.status as SubjectStatus, count: Number(r.n) })),
    byBatch: byBatch.map((b) => ({ batchName: b.name, count: Number(b.n), budget: Number(b.budget) })),
    overdue: overdue.flatMap((s) => {
      const due =
        s.end_date && s.end_date < on
          ? { milestone: '结题', due: s.end_date }
          : s.midterm_due && s.status === 'in_progress'
            ? { milestone: '中期检查', due: s.midterm_due }
            : null;
      return due ? [{ id: s.id, code: s.code, name: s.name, ...due, days: days(due.due) }] : [];
    }),
  };
}
