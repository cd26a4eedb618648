import type { Db } from '../../db/database';
import type { DirectorySyncRunTable } from '../../db/schema/directory';
import { namePinyin } from '../../core/search/pinyin';
import { indexPerson } from '../../core/search/search-index';
import { accountRow } from '../../core/identity/account-row';
import { revokeUserSessions } from '../../core/identity/identity.repository';
import type { LinkedDept, LinkedUser, UserValues } from './sync-plan';
import type { MobileLookups } from '../../core/identity/account-mobile';

/** The directory sync's rows: links of accounts and departments, the runs, the lease. */

const CHUNK = 500;
const chunks = <T>(xs: readonly T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export async function linkedUsers(db: Db): Promise<LinkedUser[]> {
  return db
    .selectFrom('sys_directory_user as d')
    .innerJoin('sys_user as u', 'u.user_code', 'd.user_code')
    .select(['u.user_code', 'u.user_name', 'u.email', 'u.mobile', 'u.dept_code', 'u.status', 'd.present', 'd.dn'])
    .execute();
}

export async function linkedDepts(db: Db): Promise<LinkedDept[]> {
  return db
    .selectFrom('sys_directory_dept as d')
    .innerJoin('org_dept as o', 'o.dept_code', 'd.dept_code')
    .select(['o.dept_code', 'd.dir_key', 'o.dept_name', 'o.parent_code'])
    .execute();
}

/** Which of `codes` are accounts (of any origin). */
export async function existingUserCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks(codes))
    for (const r of await db.selectFrom('sys_user').select('user_code').where('user_code', 'in', part).execute()) out.add(r.user_code);
  return out;
}

/** mobile → the account holding it, for the numbers listed (a sealed one found by its keyed hash: `mobileLookups`). */
export async function mobileHolders(db: Db, m: MobileLookups): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(m.mobiles))
    for (const r of await db.selectFrom('sys_user').select(['user_code', 'mobile']).where('mobile', 'in', part).execute())
      out.set(r.mobile!, r.user_code);
  for (const part of chunks([...m.hashes.keys()]))
    for (const r of await db.selectFrom('sys_user').select(['user_code', 'mobile_hash']).where('mobile_hash', 'in', part).execute())
      out.set(m.hashes.get(r.mobile_hash!)!, r.user_code);
  return out;
}

export async function insertDept(
  db: Db,
  d: { dept_code: string; dir_key: string; dept_name: string; parent_code: string | null },
  at: string,
) {
  await db
    .insertInto('org_dept')
    .values({
      dept_code: d.dept_code,
      dept_name: d.dept_name,
      parent_code: d.parent_code,
      sort_no: 0,
      leader_user_code: null,
      created_at: at,
    })
    .execute();
  await db.insertInto('sys_directory_dept').values({ dept_code: d.dept_code, dir_key: d.dir_key, present: 'Y', synced_at: at }).execute();
}

export async function updateDept(db: Db, d: { dept_code: string; dept_name: string; parent_code: string | null }) {
  await db
    .updateTable('org_dept')
    .set({ dept_name: d.dept_name, parent_code: d.parent_code })
    .where('dept_code', '=', d.dept_code)
    .execute();
}

/** Marks which linked departments the directory still has (a department is never deleted). */
export async function markDeptsPresent(db: Db, keys: readonly string[], at: string) {
  await db.updateTable('sys_directory_dept').set({ present: 'N' }).execute();
  for (const part of chunks(keys))
    await db.updateTable('sys_directory_dept').set({ present: 'Y', synced_at: at }).where('dir_key', 'in', part).execute();
}

/** A new account from the directory: OA platform, the default role only, no usable local password. */
export async function insertDirectoryUser(db: Db, u: { user_code: string; dn: string; values: UserValues }, at: string) {
  const { user_name: userName, dept_code: deptCode, mobile, email } = u.values;
  // never an argon2 hash: no local password matches it; the directory checks this account's password
  const row = accountRow({ userCode: u.user_code, userName, passwordHash: 'directory', deptCode, mobile, email, passwordReset: 'N' }, at);
  await db.insertInto('sys_user').values(row).execute();
  await db.insertInto('sys_user_platform').values({ user_code: u.user_code, platform_code: '1' }).execute();
  await db.insertInto('sys_directory_user').values({ user_code: u.user_code, dn: u.dn, present: 'Y', synced_at: at }).execute();
  // found by the search box and the address book at once, as an account an administrator makes
  await indexPerson(db, u.user_code);
}

export async function updateDirectoryUser(db: Db, u: { user_code: string; dn: string; values: Partial<UserValues> }, at: string) {
  const py = u.values.user_name ? namePinyin(u.values.user_name) : null;
  if (Object.keys(u.values).length)
    await db
      .updateTable('sys_user')
      .set({ ...u.values, ...(py ? { pinyin: py.full, pinyin_initials: py.initials } : {}), updated_at: at })
      .where('user_code', '=', u.user_code)
      .execute();
  await db.updateTable('sys_directory_user').set({ dn: u.dn, synced_at: at }).where('user_code', '=', u.user_code).execute();
  if (Object.keys(u.values).length) await indexPerson(db, u.user_code);
}

/** Gone from the directory: disabled (signed out everywhere), the record kept. */
export async function disableDirectoryUser(db: Db, userCode: string, at: string) {
  await db.updateTable('sys_user').set({ status: 'N', updated_at: at }).where('user_code', '=', userCode).execute();
  await db.updateTable('sys_directory_user').set({ present: 'N', synced_at: at }).where('user_code', '=', userCode).execute();
  await revokeUserSessions(db, userCode, at, 'disabled');
  await indexPerson(db, userCode);
}

/** Back in the directory after the sync disabled it: enabled again. */
export async function enableDirectoryUser(db: Db, userCode: string, at: string) {
  await db.updateTable('sys_user').set({ status: 'Y', updated_at: at }).where('user_code', '=', userCode).execute();
  await db.updateTable('sys_directory_user').set({ present: 'Y', synced_at: at }).where('user_code', '=', userCode).execute();
  await indexPerson(db, userCode);
}

export async function insertRun(db: Db, r: Pick<DirectorySyncRunTable, 'kind' | 'trigger' | 'user_code' | 'started_at'>): Promise<number> {
  const row = await db
    .insertInto('sys_directory_sync_run')
    .values({ ...r, finished_at: null, status: 'running', counts: null, message: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function finishRun(
  db: Db,
  id: number,
  v: { status: 'ok' | 'failed'; counts: string | null; message: string | null; at: string },
) {
  await db
    .updateTable('sys_directory_sync_run')
    .set({ status: v.status, counts: v.counts, message: v.message?.slice(0, 1000) ?? null, finished_at: v.at })
    .where('id', '=', id)
    .execute();
}

/** The newest runs (index sys_directory_sync_run_started), with the name of who started each. */
export async function recentRuns(db: Db, limit: number) {
  return db
    .selectFrom('sys_directory_sync_run as r')
    .leftJoin('sys_user as u', 'u.user_code', 'r.user_code')
    .select(['r.id', 'r.kind', 'r.trigger', 'u.user_name', 'r.started_at', 'r.finished_at', 'r.status', 'r.counts', 'r.message'])
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Takes the sync lease for `holder` until `until` when nobody holds it or its holder's time ran out: one conditional
 * UPDATE, so of two instances (or two requests) asking at once exactly one gets it, on either dialect.
 */
export async function claimLease(db: Db, holder: string, now: string, until: string): Promise<boolean> {
  await db
    .insertInto('sys_directory_sync_lease')
    .values({ name: 'sync', holder: null, expires_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const r = await db
    .updateTable('sys_directory_sync_lease')
    .set({ holder, expires_at: until })
    .where('name', '=', 'sync')
    .where((eb) => eb.or([eb('holder', 'is', null), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function renewLease(db: Db, holder: string, until: string) {
  await db
    .updateTable('sys_directory_sync_lease')
    .set({ expires_at: until })
    .where('name', '=', 'sync')
    .where('holder', '=', holder)
    .execute();
}

export async function releaseLease(db: Db, holder: string) {
  await db.updateTable('sys_directory_sync_lease').set({ holder: null }).where('name', '=', 'sync').where('holder', '=', holder).execute();
}

/** Someone holds the lease now (a sync is running here or on another instance). */
export async function leaseHeld(db: Db, now: string): Promise<boolean> {
  const r = await db.selectFrom('sys_directory_sync_lease').select(['holder', 'expires_at']).where('name', '=', 'sync').executeTakeFirst();
  return !!r?.holder && r.expires_at >= now;
}
