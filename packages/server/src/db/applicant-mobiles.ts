import type { ExpressionBuilder, Kysely } from 'kysely';
import { sealField, searchHash, type FieldKeyring } from '../lib/field-cipher';
import { nextTurn } from '../lib/next-turn';

/**
 * The account mobiles of outside accounts at rest (issue 36). An outside applicant (platform 19 without the OA
 * platform: `isOutsideApplicant`) or a member unit's contact (platform 20, issue 37) keeps its mobile in `sys_user.mobile_sealed` (an SM4 envelope) beside its keyed hash
 * `mobile_hash` (HMAC-SM3 under the envelope's key); `sys_user.mobile` stays null. Staff mobiles stay in
 * `sys_user.mobile` (the address book shows them to colleagues). A lookup by mobile asks both: `mobile = ?` or
 * `mobile_hash in (every key's hash)` (core/identity/account-mobile.ts).
 */

/** The purpose of the sealed mobile and of its keyed hash. */
export const ACCOUNT_MOBILE_PURPOSE = 'sys_user.mobile_sealed';

/** The sealed columns of a mobile: the envelope and its hash under the newest key; `mobile` null. */
export const sealedMobileColumns = (keys: FieldKeyring, mobile: string | null) => ({
  mobile: null,
  mobile_sealed: mobile === null ? null : sealField(keys, ACCOUNT_MOBILE_PURPOSE, mobile),
  mobile_hash: mobile === null ? null : searchHash(keys, ACCOUNT_MOBILE_PURPOSE, mobile),
});

const BATCH = 500;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations call these against Kysely<any> */

/** Outside accounts: an applicant's (platform 19) or a member unit's contact's (platform 20, issue 37), not platform 1. */
const outsideApplicant = (eb: ExpressionBuilder<any, 'sys_user'>) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('sys_user_platform as p')
        .select('p.user_code')
        .whereRef('p.user_code', '=', 'sys_user.user_code')
        .where('p.platform_code', 'in', ['19', '20']),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('sys_user_platform as o')
          .select('o.user_code')
          .whereRef('o.user_code', '=', 'sys_user.user_code')
          .where('o.platform_code', '=', '1'),
      ),
    ),
  ]);

/**
 * Moves the plaintext mobile of every outside applicant's account into the sealed form, in key order, batch by batch.
 * Idempotent and resumable: a moved row has no plain mobile left, and each row is moved by compare-and-set (a mobile
 * the server changed meanwhile is left to it). The number of accounts moved.
 */
export async function sealApplicantMobiles(db: Kysely<any>, keys: FieldKeyring): Promise<number> {
  let moved = 0;
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('sys_user')
      .select(['user_code', 'mobile'])
      .where('mobile', 'is not', null)
      .where('user_code', '>', after)
      .where(outsideApplicant)
      .orderBy('user_code')
      .limit(BATCH)
      .execute()) as Array<{ user_code: string; mobile: string }>;
    if (!rows.length) return moved;
    for (const r of rows) {
      const res = await db
        .updateTable('sys_user')
        .set(sealedMobileColumns(keys, r.mobile))
        .where('user_code', '=', r.user_code)
        .where('mobile', '=', r.mobile)
        .executeTakeFirst();
      moved += Number(res.numUpdatedRows);
    }
    after = rows[rows.length - 1].user_code;
    await nextTurn();
  }
}

/** Outside applicants' accounts whose mobile is still in the plain column (the self-check counts them as plaintext). */
export async function plainApplicantMobiles(db: Kysely<any>): Promise<number> {
  const r = (await db
    .selectFrom('sys_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mobile', 'is not', null)
    .where(outsideApplicant)
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(r.n);
}
