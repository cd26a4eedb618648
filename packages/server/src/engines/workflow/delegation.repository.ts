import type { Db } from '../../db/database';
import { countCapped } from '../../db/count-capped';
import type { WfDelegationTable } from '../../db/schema/workflow';

/** The active deputy of a user on a day (YYYY-MM-DD), for a module (a module-specific rule wins over a general one). */
export async function findDeputy(db: Db, userCode: string, moduleCode: string, day: string): Promise<string | null> {
  const rows = await db
    .selectFrom('wf_delegation as d')
    .innerJoin('sys_user as u', 'u.user_code', 'd.deputy_code')
    .select(['d.deputy_code', 'd.module_code'])
    .where('d.user_code', '=', userCode)
    .where('d.enabled', '=', 'Y')
    .where('u.status', '=', 'Y')
    .where('d.start_date', '<=', day)
    .where('d.end_date', '>=', day)
    .where((eb) => eb.or([eb('d.module_code', 'is', null), eb('d.module_code', '=', moduleCode)]))
    .orderBy('d.created_at', 'desc')
    .execute();
  const best = rows.find((r) => r.module_code === moduleCode) ?? rows[0];
  return best && best.deputy_code !== userCode ? best.deputy_code : null;
}

/** A page of delegations (of one user, or involving one as delegator or deputy). */
export async function pageDelegations(db: Db, f: { userCode?: string; involving?: string }, q: { pageNumber: number; pageSize: number }) {
  let base = db.selectFrom('wf_delegation');
  if (f.userCode) base = base.where('user_code', '=', f.userCode);
  if (f.involving) base = base.where((eb) => eb.or([eb('user_code', '=', f.involving!), eb('deputy_code', '=', f.involving!)]));
  const counted = await countCapped(db, base);
  const rows = await base
    .selectAll()
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .offset((q.pageNumber - 1) * q.pageSize)
    .limit(q.pageSize)
    .execute();
  return { ...counted, rows };
}
export const userStatus = async (db: Db, userCode: string): Promise<string | undefined> =>
  (await db.selectFrom('sys_user').select('status').where('user_code', '=', userCode).executeTakeFirst())?.status;
type DelegationPatch = Omit<WfDelegationTable, 'id' | 'created_by' | 'created_at'>;
/** Updates a delegation (only the owner's unless `owner` is null); false when none matched. */
export async function updateDelegation(db: Db, id: string, row: DelegationPatch, owner: string | null): Promise<boolean> {
  let q = db.updateTable('wf_delegation').set(row).where('id', '=', id);
  if (owner) q = q.where('user_code', '=', owner);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}
export async function insertDelegation(db: Db, row: WfDelegationTable): Promise<void> {
  await db.insertInto('wf_delegation').values(row).execute();
}
/** Deletes a delegation (only the owner's unless `owner` is null); false when none matched. */
export async function deleteDelegation(db: Db, id: string, owner: string | null): Promise<boolean> {
  let q = db.deleteFrom('wf_delegation').where('id', '=', id);
  if (owner) q = q.where('user_code', '=', owner);
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
}
