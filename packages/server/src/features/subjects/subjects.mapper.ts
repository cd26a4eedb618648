import { chinaDate } from '@oa/shared/format/china-time';
import type {
  BatchItem,
  ReportItem,
  ReviewItem,
  SubjectItem,
  SubjectLog,
  SubjectStatus,
  ContractStatus,
  FundItem,
} from '@oa/shared/contract/subjects';
import type { BatchRow } from './batches.repository';
import type { SubjectListRow } from './subjects.repository';

/** Rows → contract items (no SQL, no rules). */

/** Today in China. */
export const today = (): string => chinaDate();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function toBatch(b: BatchRow & { subject_count: number | string | null }, on = today()): BatchItem {
  return {
    id: b.id,
    name: b.name,
    year: b.year,
    openDate: b.open_date,
    closeDate: b.close_date,
    guide: b.guide,
    budgetCeiling: Number(b.budget_ceiling),
    totalBudget: num(b.total_budget),
    open: b.open_date <= on && on <= b.close_date,
    subjectCount: Number(b.subject_count ?? 0),
    createdAt: b.created_at,
  };
}

export function toItem(r: SubjectListRow): SubjectItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    batchId: r.batch_id,
    batchName: r.batch_name,
    year: r.year,
    orgName: r.org_name,
    leaderName: r.leader_name,
    budget: num(r.budget),
    status: r.status as SubjectStatus,
    contractStatus: r.contract_status as ContractStatus,
    applicant: r.applicant,
    applicantName: r.applicant_name,
    scoreAvg: num(r.score_avg),
    startDate: r.start_date,
    endDate: r.end_date,
    submittedAt: r.submitted_at,
    updatedAt: r.updated_at,
    fundIn: Number(r.fund_in ?? 0),
    fundOut: Number(r.fund_out ?? 0),
  };
}

export const toReview = (r: {
  id: string;
  expert: string;
  expert_name: string | null;
  score: number | null;
  opinion: string | null;
  scored_at: string | null;
}): ReviewItem => ({
  id: r.id,
  expert: r.expert,
  expertName: r.expert_name,
  score: num(r.score),
  opinion: r.opinion,
  scoredAt: r.scored_at,
});

export const toLog = (l: {
  id: string;
  action: string;
  actor: string;
  actor_name: string | null;
  note: string | null;
  at: string;
}): SubjectLog => ({ id: l.id, action: l.action, actor: l.actor, actorName: l.actor_name, note: l.note, at: l.at });

export const toReport = (r: {
  id: string;
  kind: string;
  title: string;
  content: string | null;
  file_id: string | null;
  file_name: string | null;
  created_by: string;
  created_at: string;
}): ReportItem => ({
  id: r.id,
  kind: r.kind as ReportItem['kind'],
  title: r.title,
  content: r.content,
  fileId: r.file_id,
  fileName: r.file_name,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export const toFund = (f: {
  id: string;
  subject_id: string;
  direction: string;
  amount: number;
  happened_on: string;
  category: string;
  summary: string;
  voucher_file_id: string | null;
  voucher_file_name: string | null;
  created_by: string;
  created_by_name: string | null;
  created_at: string;
}): FundItem => ({
  id: f.id,
  subjectId: f.subject_id,
  direction: f.direction as FundItem['direction'],
  amount: Number(f.amount),
  happenedOn: f.happened_on,
  category: f.category,
  summary: f.summary,
  voucherFileId: f.voucher_file_id,
  voucherFileName: f.voucher_file_name,
  createdBy: f.created_by,
  createdByName: f.created_by_name,
  createdAt: f.created_at,
});

export function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
