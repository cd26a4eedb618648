/** Information columns (002-admin; the information issue extends them) and who may publish in which column. */
import type { ColumnType } from 'kysely';

type Opt<T> = ColumnType<T, T | undefined, T>;

/** A news column (002-admin; parent, read scope and remark added by 030-news). */
export interface InfoColumnTable {
  column_code: string;
  column_name: string;
  sort_no: number;
  created_at: string;
  parent_code: Opt<string | null>;
  read_scope: Opt<string>;
  remark: Opt<string | null>;
}
export interface ColumnUserTable {
  column_code: string;
  user_code: string;
  granted_at: string;
}

export interface ColumnTables {
  info_column: InfoColumnTable;
  sys_column_user: ColumnUserTable;
}
