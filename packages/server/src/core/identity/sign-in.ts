import type { LoginResult } from '@oa/shared/contract/auth';
import type { AppContext } from '../context';
import { loadSessionUser } from './identity.repository';
import { openSessionWithId, type ClientInfo } from './sessions';

/** Audit sink the routes provide, so a service never sees an HTTP object. */
export type AuditFn = (e: {
  action: string;
  result: 'ok' | 'fail' | 'denied';
  target?: string;
  userCode?: string | null;
  detail?: unknown;
}) => Promise<void>;

/** How the person proved who they are: the password form, or an outside identity provider. */
export type SignInMethod = 'password' | 'oidc' | 'cas';

export interface VerifiedIdentity {
  userCode: string;
  method: SignInMethod;
  /** what the login page typed or the provider named (the audit's target) */
  account: string;
  /** the password login's expiry verdict; an outside identity has no password here to expire */
  needChangePass: boolean;
}

/**
 * The one step from a verified identity (an active account, its first factor checked) to a session, for every way of
 * signing in: a later "second factor required" check belongs here, before the session opens.
 * Returns the session id beside the answer, for what a way of signing in keeps per session (SSO: its logout).
 */
export async function signInVerified(
  ctx: AppContext,
  who: VerifiedIdentity,
  kind: 'web' | 'device' | 'sso',
  client: ClientInfo,
  audit: AuditFn,
): Promise<LoginResult & { sessionId: string }> {
  ctx.metrics.logins.inc({ result: 'ok' });
  const { token, sessionId } = await openSessionWithId(ctx, who.userCode, kind, client);
  await audit({ action: 'login', result: 'ok', target: who.account, userCode: who.userCode, detail: { kind, method: who.method } });
  return { token, sessionId, user: (await loadSessionUser(ctx.db, who.userCode))!, needChangePass: who.needChangePass };
}
