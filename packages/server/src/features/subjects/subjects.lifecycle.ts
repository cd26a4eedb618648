import { SUBJECT_CONTRACT_MODULE, SUBJECT_MODULE } from '@oa/shared/contract/subjects';
import { sumItems } from '@oa/shared/contract/subjects-steps';
import type { AppContext } from '../../core/context';
import type { ProcessOutcome, RecordLifecycle } from '../../core/ports/workflow-port';
import type { Db } from '../../db/database';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './subjects.repository';
import { parseJson } from './subjects.mapper';

/**
 * The workflow glue of the area (engine 'area'): the subject's approval (立项) and the contract's
 * signing are process instances of oa_subject / oa_subjectContract with the subject's id; the engine
 * reports their outcomes here, inside the action's transaction.
 */

type Outcome = Exclude<ProcessOutcome, 'running'>;

function subjectForm(s: repo.SubjectRow) {
  const app = (parseJson(s.declaration).applicationForm ?? {}) as Record<string, unknown>;
  return {
    name: s.name,
    category: app.category ?? s.category,
    orgName: s.org_name,
    leaderName: s.leader_name,
    budget: s.budget === null ? null : Number(s.budget),
    scoreAvg: s.score_avg === null ? null : Math.round(Number(s.score_avg)),
  };
}

function contractForm(s: repo.SubjectRow) {
  const c = parseJson(s.contract);
  const app = (c.application ?? {}) as Record<string, unknown>;
  const items = (c.budget as { items?: Array<{ amount: number }> } | undefined)?.items ?? [];
  const matching = (c.matching ?? {}) as { matchingFunds?: number };
  return { name: s.name, partyB: app.partyB ?? s.org_name, budget: sumItems(items), matchingFunds: matching.matchingFunds ?? 0 };
}

/** Starts a process of the area in the caller's transaction; applies an immediate outcome (auto-pass). */
async function start(
  ctx: AppContext,
  trx: Db,
  moduleCode: string,
  s: repo.SubjectRow,
  title: string,
  form: Record<string, unknown>,
): Promise<void> {
  if (!s.manager) throw bizError('课题尚未受理，不能提交审批');
  const who = await repo.userBrief(trx, s.manager);
  const started = await ctx.workflow.start(trx, {
    moduleCode,
    recordId: s.id,
    serialNo: s.code ?? s.id,
    title,
    initiator: s.manager,
    deptCode: who?.dept_code ?? s.manager_dept,
    form,
  });
  if (started.outcome !== 'running') await applyOutcome(trx, moduleCode, s.id, started.outcome);
}

export async function startSubjectApproval(ctx: AppContext, trx: Db, s: repo.SubjectRow): Promise<void> {
  await start(ctx, trx, SUBJECT_MODULE, s, `课题立项：${s.name}`, subjectForm(s));
}

export async function startContractApproval(ctx: AppContext, trx: Db, s: repo.SubjectRow): Promise<void> {
  await start(ctx, trx, SUBJECT_CONTRACT_MODULE, s, `课题合同：${s.name}`, contractForm(s));
}

/** Midway between the contract's dates: when the mid-term check is due. */
function midpoint(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  const a = Date.parse(start);
  const b = Date.parse(end);
  return Number.isFinite(a) && Number.isFinite(b) ? new Date(a + (b - a) / 2).toISOString().slice(0, 10) : null;
}

async function applyOutcome(trx: Db, moduleCode: string, id: string, outcome: Outcome): Promise<void> {
  const at = nowIso();
  const s = await repo.findSubject(trx, id);
  if (!s) return;
  if (moduleCode === SUBJECT_MODULE) {
    if (outcome === 'approved') {
      if (await repo.updateSubjectIf(trx, id, ['approving'], { status: 'approved', updated_at: at }))
        await repo.insertLog(trx, id, 'approved', s.manager ?? 'system', '立项审批通过，课题已立项', at);
    } else if (outcome === 'rejected' || outcome === 'terminated') {
      if (await repo.updateSubjectIf(trx, id, ['approving'], { status: 'rejected', updated_at: at }))
        await repo.insertLog(trx, id, 'rejected', s.manager ?? 'system', '立项审批未通过', at);
    } else if (await repo.updateSubjectIf(trx, id, ['approving'], { status: 'expert_review', updated_at: at })) {
      await repo.insertLog(
        trx,
        id,
        'approval_returned',
        s.manager ?? 'system',
        outcome === 'withdrawn' ? '立项审批已撤回' : '立项审批退回受理人',
        at,
      );
    }
    return;
  }
  if (moduleCode === SUBJECT_CONTRACT_MODULE) {
    if (outcome === 'approved') {
      const c = parseJson(s.contract);
      const app = (c.application ?? {}) as { startDate?: string; endDate?: string };
      const startDate = app.startDate ?? s.start_date;
      const endDate = app.endDate ?? s.end_date;
      const ok = await repo.updateContractIf(trx, id, ['approving'], {
        contract_status: 'signed',
        status: 'in_progress',
        contract_signed_at: at,
        start_date: startDate,
        end_date: endDate,
        midterm_due: midpoint(startDate, endDate),
        updated_at: at,
      });
      if (ok) await repo.insertLog(trx, id, 'contract_signed', s.manager ?? 'system', '合同审批通过，合同已签订，课题进入执行阶段', at);
    } else if (await repo.updateContractIf(trx, id, ['approving'], { contract_status: 'returned', updated_at: at })) {
      await repo.insertLog(
        trx,
        id,
        'contract_returned',
        s.manager ?? 'system',
        outcome === 'withdrawn' ? '合同审批已撤回' : '合同审批未通过，退回申报人修改',
        at,
      );
    }
  }
}

export function subjectLifecycle(): RecordLifecycle {
  return {
    async onOutcome(trx, input) {
      await applyOutcome(trx, input.moduleCode, input.recordId, input.outcome);
    },
    async getForm(db, input) {
      const s = await repo.findSubject(db, input.recordId);
      if (!s) return null;
      const contract = input.moduleCode === SUBJECT_CONTRACT_MODULE;
      return {
        title: contract ? `课题合同：${s.name}` : `课题立项：${s.name}`,
        serialNo: s.code ?? s.id,
        form: contract ? contractForm(s) : subjectForm(s),
        applicant: s.manager ?? s.applicant,
      };
    },
  };
}
