/** Tables of the security hardening (migration 008). */
export interface LoginAttemptTable {
  /** 'account:<name as typed>' or 'ip:<client address>' */
  attempt_key: string;
  /** failed (or reserved, not yet decided) attempts in the current window */
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface SecurityTables {
  sys_login_attempt: LoginAttemptTable;
}
