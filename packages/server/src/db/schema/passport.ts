/** 护照保管登记: a passport held by the office; 'out' while lent on an approved application. */
export interface PassportBookTable {
  id: string;
  holder_name: string;
  holder_code: string | null;
  passport_kind: string;
  passport_no: string;
  issue_date: string | null;
  expiry_date: string | null;
  /** in | out */
  status: string;
  /** the lending application it is out on */
  record_id: string | null;
  remark: string | null;
  updated_at: string;
}

export interface PassportTables {
  oa_passport_book: PassportBookTable;
}
