/** Tables of the official documents area (issue 19, migration 060). */
export interface DocDocumentTable {
  id: string;
  kind: 'receipt' | 'dispatch';
  scope: 'office' | 'dept';
  module_code: string;
  serial_no: string;
  doc_year: number;
  dept_code: string | null;
  type_id: string | null;
  title: string;
  doc_no: string | null;
  number_id: string | null;
  numbered_at: string | null;
  source_org: string | null;
  source_no: string | null;
  main_to: string | null;
  secret_level: string;
  urgency: string;
  received_date: string | null;
  deadline: string | null;
  status: string;
  archived: 'Y' | 'N';
  data: string;
  printed_file_id: string | null;
  creator: string;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  finished_at: string | null;
}

export interface DocFileTable {
  doc_id: string;
  file_id: string;
}

export interface DocTypeTable {
  id: string;
  kind: 'receipt' | 'dispatch';
  scope: 'office' | 'dept';
  dept_code: string;
  name: string;
  prefix: string;
  enabled: 'Y' | 'N';
  sort_no: number;
  remark: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocCounterTable {
  type_id: string;
  year: number;
  last_no: number;
}

export interface DocNumberTable {
  id: string;
  type_id: string;
  year: number;
  seq: number;
  doc_no: string;
  state: 'used' | 'reserved' | 'voided';
  doc_id: string | null;
  reason: string | null;
  created_by: string;
  created_at: string;
}

export interface DocDistributionTable {
  id: string;
  doc_id: string;
  recipient_kind: 'user' | 'dept' | 'external';
  recipient_code: string | null;
  recipient_name: string;
  user_code: string | null;
  received_at: string | null;
  read_at: string | null;
  created_by: string;
  created_at: string;
}

export interface ArchiveItemTable {
  id: string;
  doc_id: string;
  kind: 'receipt' | 'dispatch';
  scope: 'office' | 'dept';
  fonds: string;
  category: string;
  year: number;
  retention: 'Y' | 'D30' | 'D10';
  org_code: string;
  item_no: number;
  archive_code: string;
  doc_no: string | null;
  responsible: string;
  title: string;
  doc_date: string;
  secret_level: string;
  pages: number;
  remarks: string | null;
  box_no: string | null;
  roll_id: string | null;
  sheet: string;
  pdf_file_id: string | null;
  attachments: string;
  dept_code: string | null;
  expires_year: number | null;
  filed_by: string;
  filed_at: string;
  /** the item's package in the file store (migration 128): 正文, 定稿, 处理笺, attachments, 元数据.xml */
  package_file_id: string | null;
  /** JSON [{ name, size, sm3 }] of the package's files */
  package_files: string | null;
}

export interface ArchiveCounterTable {
  series: string;
  last_no: number;
}

export interface ArchiveRollTable {
  id: string;
  fonds: string;
  year: number;
  retention: 'Y' | 'D30' | 'D10';
  roll_no: string;
  title: string;
  created_by: string;
  created_at: string;
}

export interface DocumentsTables {
  doc_document: DocDocumentTable;
  doc_file: DocFileTable;
  doc_type: DocTypeTable;
  doc_counter: DocCounterTable;
  doc_number: DocNumberTable;
  doc_distribution: DocDistributionTable;
  archive_item: ArchiveItemTable;
  archive_counter: ArchiveCounterTable;
  archive_roll: ArchiveRollTable;
}
