/** 印章管理 (migration 122): the seal registry and its use log. */
export interface SealTable {
  id: string;
  name: string;
  /** 'org' (the association's) | 'dept' (a department's) */
  kind: string;
  dept_code: string | null;
  /** the transparent PNG, base64 */
  image_png: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON arrays: user codes of the keepers; role and department codes of who may ask for it (empty: everyone) */
  keepers: string;
  requester_roles: string;
  requester_depts: string;
  enabled: 'Y' | 'N';
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SealUseTable {
  id: string;
  seal_id: string;
  user_code: string;
  used_at: string;
  doc_id: string | null;
  doc_title: string | null;
  /** the approved 用印 application (oa_stamp record) the use was made under; null when a keeper stamped at 印制 */
  record_id: string | null;
  /** 'keeper' | 'application' */
  via: string;
}

export interface SealsTables {
  oa_seal: SealTable;
  oa_seal_use: SealUseTable;
}
