import type { Db } from '../../db/database';

/** Names locked by the login lockout now (accounts and addresses), the latest lock first. */
export const activeLocks = (db: Db, now: string) =>
  db.selectFrom('sys_login_attempt').selectAll().where('locked_until', '>', now).orderBy('locked_until', 'desc').limit(500).execute();

export const usersByCode = (db: Db, codes: string[]) =>
  codes.length
    ? db.selectFrom('sys_user').select(['user_code', 'user_name']).where('user_code', 'in', codes).execute()
    : Promise.resolve([]);

/** Removes a lock and its failure count; answers whether there was one. */
export async function deleteLock(db: Db, key: string): Promise<boolean> {
  const res = await db.deleteFrom('sys_login_attempt').where('attempt_key', '=', key).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

const openSessions = (db: Db, now: string, userCode?: string) =>
  db
    .selectFrom('sys_session as s')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .$if(!!userCode, (q) => q.where('s.user_code', '=', userCode!));

/** Open sessions, the most recently active first (idx_session_open), with their person and department. */
export const sessionPage = (db: Db, now: string, limit: number, offset: number, userCode?: string) =>
  openSessions(db, now, userCode)
    .leftJoin('sys_user as u', 'u.user_code', 's.user_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['s.id', 's.user_code', 'u.user_name', 'd.dept_name', 's.kind', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at'])
    .orderBy('s.last_seen_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const sessionCount = async (db: Db, now: string, userCode?: string) =>
  Number(
    (
      await openSessions(db, now, userCode)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findOpenSession = (db: Db, id: string, now: string) =>
  openSessions(db, now).select(['s.id', 's.user_code']).where('s.id', '=', id).executeTakeFirst();
