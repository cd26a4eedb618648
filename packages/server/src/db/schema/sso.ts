/** Single sign-on (109-sso): linked outside identities, sign-ins under way, what an SSO session's logout needs. */
export interface SsoIdentityTable {
  id: string;
  protocol: 'oidc' | 'cas';
  issuer: string;
  subject: string;
  user_code: string;
  created_at: string;
  last_login_at: string;
}

export interface SsoPendingTable {
  /** the OAuth state (CAS: carried in the service address) */
  state: string;
  protocol: 'oidc' | 'cas';
  /** sha256 of the browser key cookie: the callback and the hand-over only count in the browser that started */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  /** the in-app path to land on afterwards */
  return_path: string;
  /** sha256 of the one-time hand-over code, set when the identity was verified */
  handoff_hash: string | null;
  user_code: string | null;
  id_token: string | null;
  created_at: string;
  expires_at: string;
}

export interface SsoSessionTable {
  session_id: string;
  protocol: 'oidc' | 'cas';
  id_token: string | null;
  created_at: string;
}

export interface SsoTables {
  sso_identity: SsoIdentityTable;
  sso_pending: SsoPendingTable;
  sso_session: SsoSessionTable;
}
