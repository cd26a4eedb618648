import type { Db } from '../../db/database';
import { roleCodesOf } from './identity.repository';

/** Every SQL of two factors: a person's secret, recovery codes, and the roles that require it. */

export const findTwoFactor = (db: Db, userCode: string) =>
  db.selectFrom('sys_two_factor').selectAll().where('user_code', '=', userCode).executeTakeFirst();

export async function savePending(db: Db, userCode: string, sealed: string, at: string): Promise<void> {
  await db
    .insertInto('sys_two_factor')
    .values({
      user_code: userCode,
      secret_sealed: null,
      pending_sealed: sealed,
      pending_at: at,
      last_step: null,
      enrolled_at: null,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('user_code').doUpdateSet({ pending_sealed: sealed, pending_at: at, updated_at: at }))
    .execute();
}

/** Makes the pending secret the confirmed one (only if it is still the one confirmed); true when it did. */
export async function activatePending(db: Db, userCode: string, pending: string, step: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sys_two_factor')
    .set({ secret_sealed: pending, pending_sealed: null, pending_at: null, last_step: step, enrolled_at: at, updated_at: at })
    .where('user_code', '=', userCode)
    .where('pending_sealed', '=', pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Accepts a code's time step once: true only when no code of this step or a later one was accepted before. */
export async function claimStep(db: Db, userCode: string, step: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sys_two_factor')
    .set({ last_step: step, updated_at: at })
    .where('user_code', '=', userCode)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function removeTwoFactor(db: Db, userCode: string): Promise<boolean> {
  await db.deleteFrom('sys_two_factor_recovery').where('user_code', '=', userCode).execute();
  const r = await db.deleteFrom('sys_two_factor').where('user_code', '=', userCode).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userCode: string, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom('sys_two_factor_recovery').where('user_code', '=', userCode).execute();
  await db
    .insertInto('sys_two_factor_recovery')
    .values(hashes.map((code_hash) => ({ user_code: userCode, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses a recovery code once: true when it existed unused. */
export async function useRecoveryCode(db: Db, userCode: string, hash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sys_two_factor_recovery')
    .set({ used_at: at })
    .where('user_code', '=', userCode)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recoveryLeft(db: Db, userCode: string): Promise<number> {
  const r = await db
    .selectFrom('sys_two_factor_recovery')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_code', '=', userCode)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The roles of a user (direct and through groups) that require two factors, by name. */
export async function requiringRoles(db: Db, userCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_two_factor_role as p')
    .innerJoin('sys_role as r', 'r.role_code', 'p.role_code')
    .select('r.role_name')
    .where('p.required', '=', 'Y')
    .where('p.role_code', 'in', roleCodesOf(db, userCode))
    .orderBy('r.sort_no')
    .execute();
  return rows.map((r) => r.role_name);
}
