import type { FunctionItem, RoleRef, SessionUser } from '@oa/shared/contract/auth';
import { ORG_CODE, ROLE_ADMIN } from '@oa/shared/constants';
import { RESERVED_FUNCTIONS } from '@oa/shared/access/three-admins';
import type { Db } from '../../db/database';
import { preparedQuery, runPrepared } from '../../db/prepared';
import { sql } from 'kysely';
import type { FunctionTable, SessionTable, UserTable } from '../../db/schema/system';
import type { FieldKeyring } from '../../lib/field-cipher';
import { accountMobile, type MobileLookup } from './account-mobile';
import { mobileIs } from './account-mobile.repository';

const ORG_NAME = '协会';

/** Reads who a user is and what they may do. Every SQL of the session guard lives here. */
export async function findUserRow(db: Db, userCode: string) {
  return db.selectFrom('sys_user').selectAll().where('user_code', '=', userCode).executeTakeFirst();
}

/** The account signing in by its code or its mobile (`asMobile`: the name as a mobile, in both forms). */
export async function findUserByAccount(db: Db, account: string, asMobile: MobileLookup) {
  return db
    .selectFrom('sys_user')
    .selectAll()
    .where((eb) => eb.or([eb('user_code', '=', account), mobileIs(eb, asMobile)]))
    .executeTakeFirst();
}

export async function loadSessionUser(db: Db, userCode: string, keys: FieldKeyring): Promise<SessionUser | null> {
  return (await loadUserWithStatus(db, userCode, keys))?.user ?? null;
}

const USER_COLUMNS = [
  'u.user_code',
  'u.user_name',
  'u.mobile',
  'u.mobile_sealed',
  'u.sex',
  'u.icon',
  'u.email',
  'u.dept_code',
  'd.dept_name',
  'u.position',
  'u.status',
] as const;

type UserColumns = Pick<
  UserTable,
  'user_code' | 'user_name' | 'mobile' | 'mobile_sealed' | 'sex' | 'icon' | 'email' | 'dept_code' | 'position' | 'status'
> & {
  dept_name: string | null;
};

/** `keys`: the data keys that open an outside applicant's sealed mobile; null leaves it out (`mobile` null). */
const toSessionUser = (row: UserColumns, keys: FieldKeyring | null): { user: SessionUser; status: string } => ({
  status: row.status,
  user: {
    userCode: row.user_code,
    userName: row.user_name,
    mobile: keys ? accountMobile(keys, row) : row.mobile,
    sex: row.sex,
    icon: row.icon,
    email: row.email,
    deptCode: row.dept_code,
    deptName: row.dept_name ?? null,
    orgCode: ORG_CODE,
    orgName: ORG_NAME,
    position: row.position,
  },
});

/** The session user and the account status in one query (`keys` null: a sealed mobile is left out, see toSessionUser). */
export async function loadUserWithStatus(
  db: Db,
  userCode: string,
  keys: FieldKeyring | null,
): Promise<{ user: SessionUser; status: string } | null> {
  const row = await db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(USER_COLUMNS)
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();
  return row ? toSessionUser(row, keys) : null;
}

const sessionWithUserQuery = (db: Db) =>
  preparedQuery(db, 'session_with_user', (d) =>
    d
      .selectFrom('sys_session as s')
      .leftJoin('sys_user as u', 'u.user_code', 's.user_code')
      .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
      .select([
        's.id',
        's.user_code as session_user',
        's.kind',
        's.device_id',
        's.ip',
        's.user_agent',
        's.created_at',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        's.revoke_reason',
        ...USER_COLUMNS,
        'u.password_reset',
        'u.password_changed_at',
      ])
      .where('s.id', '=', ''),
  );

/** The user's password columns as the session guard read them (watched by sys_auth_version, migration 084). */
export type PasswordState = Pick<UserTable, 'password_reset' | 'password_changed_at'>;

/** A session with its user and the account status, in one query (the session guard's hot path; prepared once). */
export async function findSessionWithUser(
  db: Db,
  sessionId: string,
  keys: FieldKeyring,
): Promise<{ session: SessionTable; found: { user: SessionUser; status: string; password: PasswordState } | null } | null> {
  const [row] = await runPrepared(db, sessionWithUserQuery(db), [sessionId]);
  if (!row) return null;
  const { session_user, id, kind, device_id, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at, revoke_reason } = row;
  const session: SessionTable = {
    id,
    user_code: session_user,
    kind,
    device_id,
    ip,
    user_agent,
    created_at,
    last_seen_at,
    expires_at,
    revoked_at,
    revoke_reason,
  };
  const password = { password_reset: row.password_reset!, password_changed_at: row.password_changed_at! };
  return { session, found: row.user_code ? { ...toSessionUser(row as UserColumns, keys), password } : null };
}

/** Roles (direct and through groups, with names, in menu order) and platforms of a user, in one query. */
export async function loadRolesAndPlatforms(db: Db, userCode: string): Promise<{ roles: RoleRef[]; platforms: string[] }> {
  const rows = await db
    .selectFrom('sys_role')
    .select([sql<string>`'r'`.as('kind'), 'role_code as code', 'role_name as name', 'sort_no'])
    .where('role_code', 'in', roleCodesOf(db, userCode))
    .unionAll(
      db
        .selectFrom('sys_user_platform')
        .select([sql<string>`'p'`.as('kind'), 'platform_code as code', 'platform_code as name', sql<number>`0`.as('sort_no')])
        .where('user_code', '=', userCode),
    )
    .orderBy('kind')
    .orderBy('sort_no')
    .orderBy('code')
    .execute();
  return {
    roles: rows.filter((r) => r.kind === 'r').map((r) => ({ roleCode: r.code, roleName: r.name })),
    platforms: rows.filter((r) => r.kind === 'p').map((r) => r.code),
  };
}

/** The codes of a user's roles, given directly and through role groups (a subquery). */
export function roleCodesOf(db: Db, userCode: string) {
  const direct = db.selectFrom('sys_user_role').select('role_code').where('user_code', '=', userCode);
  const viaGroup = db
    .selectFrom('sys_role_group_user as gu')
    .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
    .select('gr.role_code')
    .where('gu.user_code', '=', userCode);
  return direct.union(viaGroup);
}

/** Roles given directly and through role groups. */
export async function loadRoles(db: Db, userCode: string): Promise<RoleRef[]> {
  const rows = await db
    .selectFrom('sys_role')
    .select(['role_code', 'role_name'])
    .where('role_code', 'in', roleCodesOf(db, userCode))
    .orderBy('sort_no')
    .orderBy('role_code')
    .execute();
  return rows.map((r) => ({ roleCode: r.role_code, roleName: r.role_name }));
}

export const isAdminRoles = (roleCodes: readonly string[]): boolean => roleCodes.includes(ROLE_ADMIN);

export function toFunctionItem(r: FunctionTable): FunctionItem {
  return {
    funCode: r.fun_code,
    funName: r.fun_name,
    parentCode: r.parent_code,
    router: r.router,
    routerSelected: r.router_selected,
    sortNo: r.sort_no,
    isHidden: r.is_hidden,
    isLink: r.is_link,
    linkUrl: r.link_url,
    icon: r.icon,
    menuType: r.menu_type,
    platformCode: r.platform_code,
    noCache: r.no_cache,
  };
}

/** The key in sys_config that every change to functions or grants bumps (same transaction). */
export const MENU_VERSION_KEY = 'menu_version';

const functionCache = new WeakMap<Db, { version: string; all: FunctionItem[]; byCode: Map<string, FunctionItem> }>();

async function readMenuVersion(db: Db): Promise<string> {
  const q = preparedQuery(db, 'menu_version', (d) => d.selectFrom('sys_config').select('value').where('key', '=', MENU_VERSION_KEY));
  const [row] = await runPrepared(db, q);
  return row?.value ?? '0';
}

/**
 * Every function, ordered for menus. Kept in memory per database handle and re-read whenever the
 * menu version in sys_config changes, so another instance's change is seen on the next request.
 */
async function allFunctions(db: Db, known?: string): Promise<{ all: FunctionItem[]; byCode: Map<string, FunctionItem> }> {
  const version = known ?? (await readMenuVersion(db));
  const hit = functionCache.get(db);
  if (hit && hit.version === version) return hit;
  const rows = await db.selectFrom('sys_function').selectAll().orderBy('sort_no').orderBy('fun_code').execute();
  const all = rows.map(toFunctionItem);
  const entry = { version, all, byCode: new Map(all.map((f) => [f.funCode, f])) };
  functionCache.set(db, entry);
  return entry;
}

/**
 * Functions granted to the given roles (the system administrator: every function but the reserved ones), with the folders above
 * them so that a menu can always be built.
 */
export async function loadGrantedFunctions(
  db: Db,
  roleCodes: readonly string[],
  opts: {
    platformCode?: string;
    /**
     * the permission codes of `roleCodes` when the caller holds them already (the session guard's, read under
     * the `sys_auth_version` of this request: `req.auth.permissionCodes`), instead of reading them again
     */
    granted?: () => Promise<ReadonlySet<string>>;
    /** the menu version when the caller read it already (the request's, `req.auth.versions.menu`) */
    menuVersion?: string;
  } = {},
): Promise<FunctionItem[]> {
  const { all, byCode } = await allFunctions(db, opts.menuVersion);
  const onPlatform = (f: FunctionItem) => !opts.platformCode || f.platformCode === opts.platformCode;
  if (isAdminRoles(roleCodes)) return all.filter((f) => onPlatform(f) && !RESERVED_FUNCTIONS.has(f.funCode));
  if (roleCodes.length === 0) return [];
  if (opts.granted) {
    // the guard's codes are one Set per session-cache entry: the walk below is done once per entry and menu version
    const granted = await opts.granted();
    const memo = grantedMemo.get(granted);
    if (memo?.all === all) return memo.list.filter(onPlatform);
    const list = grantedOf(all, byCode, granted);
    grantedMemo.set(granted, { all, list });
    return list.filter(onPlatform);
  }
  return grantedOf(all, byCode, await loadPermissionCodes(db, roleCodes)).filter(onPlatform);
}

/** Functions answered for a Set of granted codes, while the function list is `all` (one menu version). */
const grantedMemo = new WeakMap<ReadonlySet<string>, { all: FunctionItem[]; list: FunctionItem[] }>();

/**
 * The granted functions and the folders above them, in menu order. Only folders are added: a page or button
 * above a granted function is answered only when granted itself, so every entry of the menu is a permission
 * the guard grants (a module's `:approve` key under /tb never brings the /tb page with it).
 */
function grantedOf(all: FunctionItem[], byCode: Map<string, FunctionItem>, granted: ReadonlySet<string>): FunctionItem[] {
  const keep = new Set<string>();
  const seen = new Set<string>();
  for (const code of granted) {
    if (byCode.has(code)) keep.add(code);
    let cur = byCode.get(byCode.get(code)?.parentCode ?? '');
    // Walk up to the root; the visited guard keeps a corrupt cyclic tree from looping.
    while (cur && !seen.has(cur.funCode)) {
      seen.add(cur.funCode);
      if (cur.menuType === '0') keep.add(cur.funCode);
      cur = cur.parentCode ? byCode.get(cur.parentCode) : undefined;
    }
  }
  return all.filter((f) => keep.has(f.funCode));
}

/** The permission codes of the given roles: the directly granted function codes. */
export async function loadPermissionCodes(db: Db, roleCodes: readonly string[]): Promise<Set<string>> {
  if (roleCodes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_role_function')
    .select('fun_code')
    .distinct()
    .where('role_code', 'in', [...roleCodes])
    .execute();
  return new Set(rows.map((r) => r.fun_code));
}

/**
 * The change counters one request may consult, read in one statement with the session check (migration 084):
 * `auth` (sessions, users, roles, grants: migration 078), `menu` (functions and grants), `todo` (the to-do and
 * done lists, the process monitor: wf_task and wf_instance), `records` (business_record: migration 088), `search`
 * (the search index: migration 133), `directory` (the address book's directory: migration 082).
 */
export interface RequestVersions {
  auth: number;
  menu: string;
  todo: number;
  records: number;
  /** search_entry_version (migration 133): the search's pages */
  search: number;
  /** sys_directory_version (migration 082): the address book's directory and its whole-book body */
  directory: number;
}

/** Read on every authenticated request, never cached: one statement, compiled once (PostgreSQL: a named statement). */
export async function readRequestVersions(db: Db): Promise<RequestVersions> {
  const q = preparedQuery(db, 'request_versions', (d) =>
    d
      .selectFrom('sys_auth_version as a')
      .select((eb) => [
        'a.version as auth',
        eb.selectFrom('sys_config').select('value').where('key', '=', MENU_VERSION_KEY).as('menu'),
        eb.selectFrom('wf_todo_version').select('version').where('id', '=', 1).as('todo'),
        eb.selectFrom('business_record_version').select('version').where('id', '=', 1).as('records'),
        eb.selectFrom('search_entry_version').select('version').where('id', '=', 1).as('search'),
        eb.selectFrom('sys_directory_version').select('version').where('id', '=', 1).as('directory'),
      ])
      .where('a.id', '=', 1),
  );
  const [row] = await runPrepared(db, q);
  const counter = (v: number | string | null | undefined) => (v == null ? NaN : Number(v));
  return {
    auth: counter(row?.auth),
    menu: row?.menu ?? '0',
    todo: counter(row?.todo),
    records: counter(row?.records),
    search: counter(row?.search),
    directory: counter(row?.directory),
  };
}

/**
 * The counter that triggers bump on every write the session guard's cache depends on (migration 078), alone
 * (for callers outside a request; the guard reads it with the others in `readRequestVersions`).
 */
export async function readAuthVersion(db: Db): Promise<number> {
  const q = preparedQuery(db, 'auth_version', (d) => d.selectFrom('sys_auth_version').select('version').where('id', '=', 1));
  const [row] = await runPrepared(db, q);
  return row ? Number(row.version) : NaN;
}

export async function insertSession(db: Db, s: SessionTable): Promise<void> {
  await db.insertInto('sys_session').values(s).execute();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  const q = preparedQuery(db, 'touch_session', (d) => d.updateTable('sys_session').set({ last_seen_at: '' }).where('id', '=', ''));
  await runPrepared(db, q, [at, id]);
}

export async function revokeSession(db: Db, id: string, at: string, reason: string): Promise<void> {
  await db
    .updateTable('sys_session')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every open session of a user, except `keepId` when given. Returns how many. */
export async function revokeUserSessions(db: Db, userCode: string, at: string, reason: string, keepId?: string): Promise<number> {
  let q = db
    .updateTable('sys_session')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('user_code', '=', userCode)
    .where('revoked_at', 'is', null);
  if (keepId) q = q.where('id', '!=', keepId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Names of the users listed (e.g. the rows of one page), by one `user_code in (…)` query. */
export async function userNames(db: Db, codes: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('sys_user').select(['user_code', 'user_name']).where('user_code', 'in', wanted).execute();
  return new Map(rows.map((u) => [u.user_code, u.user_name]));
}

/** At most this many names are kept per handle (the cache starts afresh beyond). */
const MAX_NAMES = 20_000;
const nameCache = new WeakMap<Db, { version: number; names: Map<string, string> }>();

/**
 * `userNames` for lists read on every request (the to-do centre): names already read are kept while
 * `sys_auth_version` is unchanged — triggers bump it on every update of `sys_user.user_name` and every delete
 * (migration 078) — so the answer is the one a fresh read gives. Codes not yet read (or not found) are read.
 */
export async function currentUserNames(
  db: Db,
  codes: ReadonlyArray<string | null | undefined>,
  /** the request's `sys_auth_version`, when it was read already */
  authVersion?: number,
): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (!wanted.length) return new Map();
  const version = authVersion ?? (await readAuthVersion(db));
  let cache = nameCache.get(db);
  if (!cache || cache.version !== version || cache.names.size > MAX_NAMES) nameCache.set(db, (cache = { version, names: new Map() }));
  const missing = wanted.filter((c) => !cache.names.has(c));
  if (missing.length) for (const [code, name] of await userNames(db, missing)) cache.names.set(code, name);
  const out = new Map<string, string>();
  for (const c of wanted) {
    const name = cache.names.get(c);
    if (name !== undefined) out.set(c, name);
  }
  return out;
}

/**
 * A person as the address book and the personal centre show them (`sys_user as u` left-joined to
 * `org_dept as d`): one column list for both.
 */
export const PERSON_COLUMNS = [
  'u.user_code',
  'u.user_name',
  'u.sex',
  'u.icon',
  'u.position',
  'u.mobile',
  'u.tel',
  'u.email',
  'u.room',
  'u.personal_sign',
  'u.dept_code',
  'd.dept_name',
] as const;
