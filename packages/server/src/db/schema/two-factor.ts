/** Two factors (migration 111): a person's authenticator secret, recovery codes, and the roles that must use them. */
export interface TwoFactorTable {
  user_code: string;
  /** the confirmed TOTP secret, sealed (core/identity/secret-box.ts); null while only a pending one exists */
  secret_sealed: string | null;
  /** a secret shown for enrolment, waiting for its first code */
  pending_sealed: string | null;
  pending_at: string | null;
  /** the last accepted time step (a code of this step or an earlier one is refused: no replay) */
  last_step: number | null;
  enrolled_at: string | null;
  updated_at: string;
}

export interface TwoFactorRecoveryTable {
  user_code: string;
  /** sha256 of the normalised code */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TwoFactorRoleTable {
  role_code: string;
  /** 'Y': every holder of the role must sign in with two factors */
  required: string;
  updated_at: string;
  updated_by: string | null;
}

export interface TwoFactorTables {
  sys_two_factor: TwoFactorTable;
  sys_two_factor_recovery: TwoFactorRecoveryTable;
  sys_two_factor_role: TwoFactorRoleTable;
}
