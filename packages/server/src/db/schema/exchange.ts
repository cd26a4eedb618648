import type { ColumnType } from 'kysely';

/** Exchange with member units (issue 37, migration 125). */
export interface DocMemberUnitTable {
  id: string;
  code: string;
  name: string;
  sort_no: number;
  created_at: string;
  /** 'N': disabled (migration 132): not offered for sending, its contacts disabled */
  enabled: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
}

/** A contact (an outside account of platform 20) of one member unit. */
export interface DocUnitContactTable {
  user_code: string;
  unit_id: string;
}

/** A dispatch sent to a member unit: read, signed once, replied, urged. */
export interface DocExchangeTable {
  id: string;
  doc_id: string;
  unit_id: string;
  sent_by: string;
  sent_at: string;
  due_at: string | null;
  read_at: string | null;
  read_by: string | null;
  signed_at: string | null;
  signed_by: string | null;
  reply_text: string | null;
  reply_file_id: string | null;
  urge_count: number;
  last_urged_at: string | null;
}

export interface ExchangeTables {
  doc_member_unit: DocMemberUnitTable;
  doc_unit_contact: DocUnitContactTable;
  doc_exchange: DocExchangeTable;
}
