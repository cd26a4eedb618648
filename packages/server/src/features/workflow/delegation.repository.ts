import type { Db } from '../../db/database';

/** The active deputy of a user on a day (YYYY-MM-DD), for a module (a module-specific rule wins over a general one). */
export async function findDeputy(db: Db, userCode: string, moduleCode: string, day: string): Promise<string | null> {
  const rows = await db.selectFrom('wf_delegation as d').innerJoin('sys_user as u', 'u.user_code', 'd.deputy_code')
    .select(['d.deputy_code', 'd.module_code'])
    .where('d.user_code', '=', userCode).where('d.enabled', '=', 'Y').where('u.status', '=', 'Y')
    .where('d.start_date', '<=', day).where('d.end_date', '>=', day)
    .where((eb) => eb.or([eb('d.module_code', 'is', null), eb('d.module_code', '=', moduleCode)]))
    .orderBy('d.created_at', 'desc').execute();
  const best = rows.find((r) => r.module_code === moduleCode) ?? rows[0];
  return best && best.deputy_code !== userCode ? best.deputy_code : null;
}
