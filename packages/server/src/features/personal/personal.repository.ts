import { PERSON_COLUMNS } from '../../core/identity/identity.repository';
import type { Db } from '../../db/database';
import type { MobileLookup } from '../../core/identity/account-mobile';
import { mobileIs } from '../../core/identity/account-mobile.repository';

/** SQL of the personal centre: one's own row, one's sessions, updates of one's own fields. */
export async function findMe(db: Db, userCode: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select([...PERSON_COLUMNS, 'u.mobile_sealed', 'u.password_changed_at', 'u.entry_date'])
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();
}

export async function updateMe(
  db: Db,
  userCode: string,
  set: Partial<{
    personal_sign: string | null;
    room: string | null;
    tel: string | null;
    email: string | null;
    mobile: string | null;
    mobile_sealed: string | null;
    mobile_hash: string | null;
    icon: string;
  }>,
  at: string,
) {
  await db
    .updateTable('sys_user')
    .set({ ...set, updated_at: at })
    .where('user_code', '=', userCode)
    .execute();
}

/** The account holding a mobile, in either form (core/identity/account-mobile.ts). */
export async function mobileOwner(db: Db, mobile: MobileLookup): Promise<string | null> {
  const row = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where((eb) => mobileIs(eb, mobile))
    .executeTakeFirst();
  return row?.user_code ?? null;
}

export async function openSessions(db: Db, userCode: string, nowIso: string) {
  return db
    .selectFrom('sys_session')
    .select(['id', 'kind', 'ip', 'user_agent', 'device_id', 'created_at', 'last_seen_at'])
    .where('user_code', '=', userCode)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}

export async function revokeOne(db: Db, userCode: string, id: string, at: string): Promise<number> {
  const res = await db
    .updateTable('sys_session')
    .set({ revoked_at: at, revoke_reason: 'signed-out-by-user' })
    .where('id', '=', id)
    .where('user_code', '=', userCode)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
