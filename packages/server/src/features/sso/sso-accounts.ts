import { randomBytes } from 'node:crypto';
import type { SsoFailure } from '@oa/shared/access/sso-landing';
import { PLATFORM } from '@oa/shared/constants';
import type { AppContext } from '../../core/context';
import type { SsoConfig } from '../../core/identity/sso-config';
import { hashStoredPassword } from '../../core/identity/password';
import { accountKey } from '../../core/identity/login-lock';
import { indexPerson } from '../../core/search/search-index';
import { accountRow } from '../../core/identity/account-row';
import { nowIso } from '../../lib/time';
import * as repo from './sso.repository';
import { mobileLookup } from '../../core/identity/account-mobile';

/** An identity the provider vouched for: who issued it, its stable subject, and its claims (CAS: attributes). */
export interface OutsideIdentity {
  protocol: 'oidc' | 'cas';
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly userCode: string | null = null,
  ) {
    super(reason);
  }
}

const USER_CODE = /^[A-Za-z0-9_:.-]{1,64}$/;
const claimText = (claims: Record<string, unknown>, name: string | null): string | null => {
  const v = name ? claims[name] : undefined;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** The account an outside identity signs in as: its link, else the configured claim's match, else (when allowed) a new account. */
export async function accountFor(ctx: AppContext, who: OutsideIdentity): Promise<{ userCode: string; created: boolean }> {
  const s = ctx.config.sso!;
  const at = nowIso();
  const linked = await repo.findLinkedUser(ctx.db, who.issuer, who.subject);
  if (linked) {
    await checkUsable(ctx, linked);
    await repo.touchLink(ctx.db, who.issuer, who.subject, at);
    return { userCode: linked, created: false };
  }
  // CAS without a configured attribute: the CAS user name is the value
  const value = s.matchClaim ? claimText(who.claims, s.matchClaim) : who.subject;
  if (!value) throw new SsoRefused('claim');
  const found = await repo.usersMatching(ctx.db, s.matchField, value, mobileLookup(ctx.fieldKeys, value));
  if (found.length > 1) throw new SsoRefused('unmatched');
  if (found.length === 1) {
    const userCode = found[0];
    await checkUsable(ctx, userCode);
    await ctx.db.transaction().execute(async (trx) => {
      // an account already linked to another subject of this issuer is that person's, whatever the claim says now
      if (await repo.linkedElsewhere(trx, who.issuer, userCode)) throw new SsoRefused('taken', userCode);
      await repo.insertLink(trx, { ...who, userCode, at });
    });
    return { userCode, created: false };
  }
  if (!s.autoCreate) throw new SsoRefused('unmatched');
  return { userCode: await createAccount(ctx, s, who, value, at), created: true };
}

async function checkUsable(ctx: AppContext, userCode: string): Promise<void> {
  const u = await repo.findAccount(ctx.db, userCode);
  if (!u) throw new SsoRefused('unmatched');
  if (u.status !== 'Y') throw new SsoRefused('disabled', userCode);
  if (await repo.lockedUntil(ctx.db, accountKey(userCode), nowIso())) throw new SsoRefused('locked', userCode);
}

/** A first sign-in's account: ordinary staff (the default role, the OA platform) in the claimed or default department. */
async function createAccount(ctx: AppContext, s: NonNullable<SsoConfig>, who: OutsideIdentity, value: string, at: string): Promise<string> {
  const code =
    s.matchField === 'user_code' ? value : (claimText(who.claims, 'preferred_username') ?? (who.protocol === 'cas' ? who.subject : null));
  if (!code || !USER_CODE.test(code)) throw new SsoRefused('create');
  const claimedDept = claimText(who.claims, s.deptClaim);
  const dept = claimedDept && (await repo.deptExists(ctx.db, claimedDept)) ? claimedDept : s.defaultDept;
  if (!dept || !(await repo.deptExists(ctx.db, dept))) throw new SsoRefused('create');
  const name = (claimText(who.claims, s.nameClaim) ?? code).slice(0, 50);
  const email = claimText(who.claims, s.matchField === 'email' && s.matchClaim ? s.matchClaim : 'email');
  const claimedMobile = claimText(who.claims, s.matchField === 'mobile' && s.matchClaim ? s.matchClaim : 'phone_number');
  // a mobile number is one person's (it is a login name): taken or malformed, the new account goes without it
  const mobile =
    claimedMobile &&
    /^1\d{10}$/.test(claimedMobile) &&
    !(await repo.usersMatching(ctx.db, 'mobile', claimedMobile, mobileLookup(ctx.fieldKeys, claimedMobile))).length
      ? claimedMobile
      : null;
  // the account has no password of its own: a random one nobody knows (an administrator may set one later)
  const passwordHash = await hashStoredPassword(randomBytes(32).toString('hex'));
  await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.findAccount(trx, code)) || (await repo.linkedElsewhere(trx, who.issuer, code))) throw new SsoRefused('create');
    await repo.insertAccount(
      trx,
      accountRow(
        {
          userCode: code,
          userName: name,
          passwordHash,
          deptCode: dept,
          mobile,
          email: email && email.length <= 100 && email.includes('@') ? email : null,
          sortNo: 999,
          passwordReset: 'N',
        },
        at,
      ),
      PLATFORM.OA,
    );
    await indexPerson(trx, code);
    await repo.insertLink(trx, { ...who, userCode: code, at });
  });
  return code;
}
