import type { Generated } from 'kysely';

/** One row per application / register entry of every declared module (ARCHITECTURE.md §6). */
export interface BusinessRecordTable {
  id: string;
  module: string;
  variant: string | null;
  serial_no: string | null;
  title: string;
  /** draft | running | approved | rejected | returned | withdrawn | terminated */
  status: string;
  applicant: string;
  applicant_name: string;
  dept: string | null;
  dept_name: string | null;
  amount: number | null;
  /** the form's values as JSON text */
  data: string;
  instance_id: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  finished_at: string | null;
}

/** The serial-number counter of a module and year, bumped in the submit's transaction. */
export interface BusinessSerialTable {
  module: string;
  year: number;
  last_seq: number;
}

/** What happened to a record (created, submitted, withdrawn, outcome, module actions). */
export interface BusinessRecordLogTable {
  id: Generated<number>;
  record_id: string;
  module: string;
  action: string;
  actor: string;
  actor_name: string;
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  created_at: string;
}

/** One row (id 1): bumped by every write to business_record (migration 088); list totals are kept under it. */
export interface BusinessRecordVersionTable {
  id: number;
  version: number;
  tx: number | null;
}

/** The keyed hash (HMAC-SM3) of each sealed form field of a record (migration 115, db/sealed-records.ts). */
export interface BusinessRecordHashTable {
  record_id: string;
  module: string;
  field: string;
  hash: string;
  /** the data key the hash was made under (`data:rekey` makes it again under the newest) */
  key_id: string;
}

export interface RecordsTables {
  business_record: BusinessRecordTable;
  business_record_hash: BusinessRecordHashTable;
  business_record_version: BusinessRecordVersionTable;
  business_serial: BusinessSerialTable;
  business_record_log: BusinessRecordLogTable;
}
