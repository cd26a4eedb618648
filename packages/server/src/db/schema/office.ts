/** Tables of weekly reports, salary slips and supervision (migration 040-office). */

export interface WeeklyColumnTable {
  id: string;
  name: string;
  sort_no: number;
  enabled: 'Y' | 'N';
  created_at: string;
}

export interface WeeklyPeriodTable {
  id: string;
  /** ISO week, e.g. 2026-W48 (unique) */
  week_code: string;
  title: string;
  start_date: string;
  end_date: string;
  deadline: string;
  /** open | published */
  status: string;
  published_at: string | null;
  published_by: string | null;
  created_at: string;
}

export interface WeeklySectionTable {
  id: string;
  period_id: string;
  dept_code: string;
  /** draft | submitted | late | returned */
  status: string;
  submitted_at: string | null;
  return_reason: string | null;
  updated_by: string;
  updated_at: string;
}

export interface WeeklyItemTable {
  id: string;
  section_id: string;
  period_id: string;
  dept_code: string;
  column_id: string;
  content: string;
  sort_no: number;
}

export interface WeeklyCompiledTable {
  id: string;
  period_id: string;
  column_id: string;
  dept_code: string | null;
  source_item_id: string | null;
  content: string;
  sort_no: number;
}

export interface SalaryBatchTable {
  id: string;
  month: string;
  title: string;
  /** draft | sent | withdrawn */
  status: string;
  hide_zero: 'Y' | 'N';
  /** JSON array of the item names, in the Excel's order */
  item_names: string;
  row_count: number;
  unmatched: number;
  file_name: string | null;
  created_by: string;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

export interface SalarySlipTable {
  id: string;
  batch_id: string;
  row_no: number;
  user_code: string | null;
  /** what the row said: code / name / mobile (to list unmatched rows) */
  src_code: string | null;
  src_name: string | null;
  src_mobile: string | null;
  bank_card: string | null;
  /** JSON array of { name, value } */
  items: string;
  read_at: string | null;
  confirmed_at: string | null;
  feedback: string | null;
  feedback_at: string | null;
}

/** A short-lived grant to view one's own salary slips, bound to the login session. */
export interface SalaryGrantTable {
  session_id: string;
  user_code: string;
  expires_at: string;
}

export interface SuperviseTaskTable {
  id: string;
  serial_no: string;
  title: string;
  content: string;
  source_type: string;
  source_id: string | null;
  source_title: string | null;
  source_link: string | null;
  lead_dept: string;
  owner_user: string;
  /** JSON array of dept codes */
  assist_depts: string;
  start_date: string;
  due_date: string;
  /** assigned | doing | reviewing | closed */
  status: string;
  progress: number;
  supervisor: string;
  extension_due: string | null;
  extension_reason: string | null;
  urge_count: number;
  last_remind_on: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SuperviseSubtaskTable {
  id: string;
  task_id: string;
  title: string;
  dept_code: string;
  owner_user: string;
  due_date: string;
  progress: number;
  note: string | null;
  sort_no: number;
}

export interface SuperviseLogTable {
  id: string;
  task_id: string;
  subtask_id: string | null;
  user_code: string;
  action: string;
  percent: number | null;
  content: string | null;
  /** JSON array of file ids */
  files: string;
  created_at: string;
}

export interface OfficeTables {
  oa_weekly_column: WeeklyColumnTable;
  oa_weekly_period: WeeklyPeriodTable;
  oa_weekly_section: WeeklySectionTable;
  oa_weekly_item: WeeklyItemTable;
  oa_weekly_compiled: WeeklyCompiledTable;
  oa_salary_batch: SalaryBatchTable;
  oa_salary_slip: SalarySlipTable;
  oa_salary_grant: SalaryGrantTable;
  oa_supervise_task: SuperviseTaskTable;
  oa_supervise_subtask: SuperviseSubtaskTable;
  oa_supervise_log: SuperviseLogTable;
}
