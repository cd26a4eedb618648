/** Tables of the research-subjects area (migration 050-subjects). Amounts are yuan with 2 decimals. */

export interface SubjectBatchTable {
  id: string;
  name: string;
  year: number;
  open_date: string;
  close_date: string;
  guide: string | null;
  budget_ceiling: number;
  total_budget: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SubjectTable {
  id: string;
  code: string | null;
  batch_id: string;
  year: number;
  name: string;
  category: string | null;
  org_name: string | null;
  leader_name: string | null;
  budget: number | null;
  status: string;
  contract_status: string;
  applicant: string;
  /** the staff member who accepted it at the format check (initiator of its approvals) */
  manager: string | null;
  manager_dept: string | null;
  /** JSON: step key → step data */
  declaration: string;
  contract: string;
  score_avg: number | null;
  start_date: string | null;
  end_date: string | null;
  midterm_due: string | null;
  submitted_at: string | null;
  contract_signed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubjectReviewTable {
  id: string;
  subject_id: string;
  expert: string;
  score: number | null;
  opinion: string | null;
  created_at: string;
  scored_at: string | null;
}

export interface SubjectFundTable {
  id: string;
  subject_id: string;
  direction: string;
  amount: number;
  happened_on: string;
  category: string;
  summary: string;
  voucher_file_id: string | null;
  created_by: string;
  created_at: string;
}

export interface SubjectReportTable {
  id: string;
  subject_id: string;
  kind: string;
  title: string;
  content: string | null;
  file_id: string | null;
  created_by: string;
  created_at: string;
}

export interface SubjectLogTable {
  id: string;
  subject_id: string;
  action: string;
  actor: string;
  note: string | null;
  at: string;
}

export interface SubjectOrgTable {
  user_code: string;
  org_name: string;
  credit_code: string | null;
  address: string | null;
  contact: string | null;
  phone: string | null;
  intro: string | null;
  updated_at: string;
}

export interface SubjectsTables {
  subject_batch: SubjectBatchTable;
  subject: SubjectTable;
  subject_review: SubjectReviewTable;
  subject_fund: SubjectFundTable;
  subject_report: SubjectReportTable;
  subject_log: SubjectLogTable;
  subject_org: SubjectOrgTable;
}
