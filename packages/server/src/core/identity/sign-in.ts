import type { LoginResult } from '@oa/shared/contract/auth';
import type { SecondFactorMethod } from '@oa/shared/contract/two-factor';
import type { AuditEntry, Trx } from '../audit';
import type { AppContext } from '../context';
import { loadSessionUser } from './identity.repository';
import { requireSecondStep, type SessionKind, type SignInMethod } from './second-step';
import { openSessionWithId, type ClientInfo } from './sessions';

export type { SignInMethod } from './second-step';

/** Audit sink the routes provide, so a service never sees an HTTP object. */
export type AuditFn = (e: {
  action: string;
  result: 'ok' | 'fail' | 'denied';
  target?: string;
  userCode?: string | null;
  detail?: unknown;
}) => Promise<void>;

/** A sign-in's change audited in its own transaction (the route's `writeAudit(trx, req, …)`; result ok). */
export type ChangeAuditFn = (trx: Trx, e: Omit<AuditEntry, 'result'>) => Promise<void>;

export interface VerifiedIdentity {
  userCode: string;
  method: SignInMethod;
  /** what the login page typed or the provider named (the audit's target; wrong second-step codes count against it) */
  account: string;
  /** the password login's expiry verdict; an outside identity has no password here to expire */
  needChangePass: boolean;
  /** what the way of signing in parked for the session (SSO: its hand-over), given to its keeper once the session opens */
  ref?: string | null;
}

/** The second factor a sign-in passed (the second-step routes), or 'enrol': the authenticator bound at this sign-in. */
export type PassedFactor = SecondFactorMethod | 'enrol';

/** What a way of signing in keeps per session once it opens (SSO: what the provider's logout needs). */
export type SessionKeeper = (ctx: AppContext, s: { sessionId: string; userCode: string; ref: string }) => Promise<void>;

declare module '../context' {
  interface AppContext {
    sessionKeepers?: Map<SignInMethod, SessionKeeper>;
  }
}

/** Registers (or replaces) the keeper of these ways of signing in on this app (when their routes register). */
export function registerSessionKeeper(ctx: AppContext, methods: SignInMethod[], keep: SessionKeeper): void {
  for (const m of methods) (ctx.sessionKeepers ??= new Map()).set(m, keep);
}

/**
 * The one step from a verified identity (an active account, its first factor checked) to a session, for every way of
 * signing in. Unless `factor` says which second factor was passed, the account's second step is asked first
 * (`requireSecondStep`: SECOND_FACTOR_REQUIRED with its challenge, no session) — the same rule for the password login
 * and single sign-on. Returns the session id beside the answer.
 */
export async function signInVerified(
  ctx: AppContext,
  who: VerifiedIdentity,
  kind: SessionKind,
  client: ClientInfo,
  audit: AuditFn,
  factor?: PassedFactor,
): Promise<LoginResult & { sessionId: string }> {
  if (!factor) await requireSecondStep(ctx, who, kind, client, audit);
  ctx.metrics.logins.inc({ result: 'ok' });
  const { token, sessionId } = await openSessionWithId(ctx, who.userCode, kind, client);
  if (who.ref) await ctx.sessionKeepers?.get(who.method)?.(ctx, { sessionId, userCode: who.userCode, ref: who.ref });
  await audit({
    action: 'login',
    result: 'ok',
    target: who.account,
    userCode: who.userCode,
    detail: { kind, method: who.method, ...(factor ? { factor } : {}) },
  });
  return { token, sessionId, user: (await loadSessionUser(ctx.db, who.userCode, ctx.fieldKeys))!, needChangePass: who.needChangePass };
}
