import type { Generated } from 'kysely';

/** The core system tables (001-init, 002-admin): people, organisation, access, sessions, audit.
 * Timestamps are ISO-8601 UTC strings in both dialects; flags are 'Y' / 'N'. */
export type Flag = 'Y' | 'N';

export interface DeptTable {
  dept_code: string;
  dept_name: string;
  parent_code: string | null;
  sort_no: number;
  leader_user_code: string | null;
  created_at: string;
}

export interface UserTable {
  user_code: string;
  user_name: string;
  password_hash: string;
  /** a staff member's mobile; null for an outside applicant, whose mobile is sealed (db/applicant-mobiles.ts) */
  mobile: string | null;
  /** an outside applicant's mobile as an SM4 envelope (purpose ACCOUNT_MOBILE_PURPOSE, migration 118) */
  mobile_sealed: string | null;
  /** the keyed hash of the sealed mobile, under the envelope's key: the lookups by mobile (searchHashes) */
  mobile_hash: string | null;
  sex: string | null;
  icon: string | null;
  email: string | null;
  tel: string | null;
  room: string | null;
  position: string | null;
  personal_sign: string | null;
  dept_code: string | null;
  status: Flag;
  password_changed_at: string;
  password_reset: Flag;
  birthday: string | null;
  entry_date: string | null;
  pinyin: string;
  pinyin_initials: string;
  sort_no: number;
  created_at: string;
  updated_at: string;
}

export interface UserPlatformTable {
  user_code: string;
  platform_code: string;
}

export interface RoleTable {
  role_code: string;
  role_name: string;
  remark: string | null;
  sort_no: number;
  platform_code: string;
  created_at: string;
}

export interface RoleGroupTable {
  group_code: string;
  group_name: string;
  remark: string | null;
  created_at: string;
}
export interface RoleGroupRoleTable {
  group_code: string;
  role_code: string;
}
export interface RoleGroupUserTable {
  group_code: string;
  user_code: string;
}
export interface UserRoleTable {
  user_code: string;
  role_code: string;
}

export interface FunctionTable {
  fun_code: string;
  fun_name: string;
  parent_code: string | null;
  router: string | null;
  router_selected: string | null;
  sort_no: number;
  is_hidden: Flag;
  is_link: Flag;
  link_url: string | null;
  icon: string | null;
  menu_type: '0' | '1' | '2';
  platform_code: string;
  no_cache: Flag;
}

export interface RoleFunctionTable {
  role_code: string;
  fun_code: string;
}

export interface SessionTable {
  id: string;
  user_code: string;
  kind: 'web' | 'device' | 'sso';
  device_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account: string;
  ip: string;
  created_at: string;
}

export interface CaptchaTable {
  captcha_key: string;
  answer_hash: string;
  expires_at: string;
  used: Flag;
}

export interface SmsCodeTable {
  id: Generated<number>;
  /** the keyed hash of the number (core/identity/account-mobile.ts `mobileHash`; migration 121), never the number */
  mobile_hash: string;
  purpose: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  tries: number;
  used_at: string | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  content: string;
  created_at: string;
}

export interface AuditTable {
  id: Generated<number>;
  at: string;
  user_code: string | null;
  ip: string | null;
  action: string;
  target: string | null;
  result: 'ok' | 'fail' | 'denied';
  detail: string | null;
  /** the link's position in the SM3 chain (migration 117): 1, 2, 3 … without gaps */
  seq: number;
  hash: string;
  before_json: string | null;
  after_json: string | null;
}

/** The chain's last link (one row, id 1), locked by every audit insert until its transaction commits. */
export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}
/** A checkpoint of the chain sealed with HMAC-SM3 under a data key. */
export interface AuditAnchorTable {
  id: Generated<number>;
  seq: number;
  hash: string;
  key_id: string;
  mac: string;
  at: string;
}
export interface AuditVerifyTable {
  id: Generated<number>;
  at: string;
  user_code: string | null;
  intact: number;
  checked: number;
  head_seq: number;
  broken_seq: number | null;
  broken_audit_id: number | null;
  message: string;
}
/** Rows retention moved out of sys_audit into a signed archive file. */
export interface AuditArchiveTable {
  id: Generated<number>;
  from_seq: number;
  upto_seq: number;
  prev_hash: string;
  last_hash: string;
  row_count: number;
  file_name: string;
  file_sm3: string;
  at: string;
}

export interface ConfigTable {
  key: string;
  value: string;
}
/** One row (id 1): bumped by triggers on every write the session guard's cache depends on (migration 078). */
export interface AuthVersionTable {
  id: number;
  version: number;
}
/** One row (id 1): bumped by triggers on every write the address book shows (migration 082). */
export interface DirectoryVersionTable {
  id: number;
  version: number;
}
export interface SsoTicketTable {
  jti: string;
  used_at: string;
}

export interface SystemTables {
  org_dept: DeptTable;
  sys_user: UserTable;
  sys_user_platform: UserPlatformTable;
  sys_role: RoleTable;
  sys_role_group: RoleGroupTable;
  sys_role_group_role: RoleGroupRoleTable;
  sys_role_group_user: RoleGroupUserTable;
  sys_user_role: UserRoleTable;
  sys_function: FunctionTable;
  sys_role_function: RoleFunctionTable;
  sys_session: SessionTable;
  sys_login_failure: LoginFailureTable;
  sys_captcha: CaptchaTable;
  sys_sms_code: SmsCodeTable;
  sys_sms_outbox: SmsOutboxTable;
  sys_audit: AuditTable;
  sys_audit_head: AuditHeadTable;
  sys_audit_anchor: AuditAnchorTable;
  sys_audit_verify: AuditVerifyTable;
  sys_audit_archive: AuditArchiveTable;
  sys_config: ConfigTable;
  sys_sso_ticket: SsoTicketTable;
  sys_auth_version: AuthVersionTable;
  sys_directory_version: DirectoryVersionTable;
}
