import type { Db } from '../../db/database';

/**
 * Read scopes (`oa_scope`): who may read a news column or a space topic beyond "everyone" — departments and
 * users. One code for every owner type; the areas keep their own rule of what the scope means.
 */
type ScopeOwner = 'column' | 'topic';
interface ScopeEntry {
  kind: 'dept' | 'user';
  code: string;
}

/** The scope entries of some owners (one query). */
export async function scopeOf(db: Db, ownerType: ScopeOwner, ids: readonly string[]): Promise<Array<ScopeEntry & { owner_id: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('oa_scope')
    .select(['owner_id', 'kind', 'code'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', [...ids])
    .execute();
}

/** Replaces an owner's scope (duplicates dropped); inside the caller's transaction. */
export async function setScope(trx: Db, ownerType: ScopeOwner, id: string, entries: readonly ScopeEntry[]): Promise<void> {
  await trx.deleteFrom('oa_scope').where('owner_type', '=', ownerType).where('owner_id', '=', id).execute();
  const uniq = [...new Map(entries.map((e) => [`${e.kind}:${e.code}`, e])).values()];
  if (uniq.length)
    await trx
      .insertInto('oa_scope')
      .values(uniq.map((e) => ({ owner_type: ownerType, owner_id: id, kind: e.kind, code: e.code })))
      .execute();
}

/** Names of the departments and users a scope names (unknown codes are missing from the maps). */
export async function scopeNames(db: Db, entries: ReadonlyArray<{ kind: string; code: string }>) {
  const depts = entries.filter((e) => e.kind === 'dept').map((e) => e.code);
  const users = entries.filter((e) => e.kind === 'user').map((e) => e.code);
  const d = depts.length
    ? await db.selectFrom('org_dept').select(['dept_code as code', 'dept_name as name']).where('dept_code', 'in', depts).execute()
    : [];
  const u = users.length
    ? await db.selectFrom('sys_user').select(['user_code as code', 'user_name as name']).where('user_code', 'in', users).execute()
    : [];
  return { depts: new Map(d.map((x) => [x.code, x.name])), users: new Map(u.map((x) => [x.code, x.name])) };
}
