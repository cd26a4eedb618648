import type { z } from 'zod';
import type { AdminUser, userCreateBody, userListQuery, userUpdateBody } from '@oa/shared/contract/admin';
import type { Paged } from '@oa/shared/contract/envelope';
import type { Db } from '../../db/database';
import type { UserTable } from '../../db/schema/system';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { hashStoredPassword } from '../../core/identity/password';
import { unlockAccount } from '../../core/identity/login-lock';
import { accountRow } from '../../core/identity/account-row';
import { namePinyin } from '../../core/search/pinyin';
import { revokeUserSessions } from '../../core/identity/identity.repository';
import { deptAndDescendants } from '../../core/access/dept-tree';
import * as repo from './users.repository';
import { inChange, type Trx } from '../../core/audit';
import type { FieldKeyring } from '../../lib/field-cipher';
import { accountMobile, mobileColumns, mobileLookups, outsideApplicantPlatforms } from '../../core/identity/account-mobile';

type ListQuery = z.output<typeof userListQuery>;
type CreateInput = z.output<typeof userCreateBody>;
type UpdateInput = z.output<typeof userUpdateBody>;
type Row = Awaited<ReturnType<typeof repo.listUsers>>[number];

/** Of some users, those who still hold work to hand over (the hand-over port, handed in by the route). */
export type WorkHolders = (userCodes: string[]) => Promise<Set<string>>;

async function toAdminUsers(db: Db, keys: FieldKeyring, rows: Row[], holders?: WorkHolders): Promise<AdminUser[]> {
  const pending = holders ? await holders(rows.filter((r) => r.status === 'N').map((r) => r.user_code)) : new Set<string>();
  const extra = await repo.rolesAndPlatforms(
    db,
    rows.map((r) => r.user_code),
  );
  return rows.map((u) => ({
    userCode: u.user_code,
    userName: u.user_name,
    sex: u.sex,
    mobile: accountMobile(keys, u),
    tel: u.tel,
    email: u.email,
    room: u.room,
    position: u.position,
    deptCode: u.dept_code,
    deptName: u.dept_name ?? null,
    status: u.status,
    passwordReset: u.password_reset,
    platforms: extra.platforms.get(u.user_code) ?? [],
    roles: extra.roles.get(u.user_code) ?? [],
    sortNo: u.sort_no,
    createdAt: u.created_at,
    pendingHandover: pending.has(u.user_code),
  }));
}

async function filterOf(db: Db, q: Omit<ListQuery, 'pageNumber' | 'pageSize'>): Promise<repo.UserFilter> {
  const deptCodes = q.deptCode ? (q.withSub === 'Y' ? await deptAndDescendants(db, [q.deptCode]) : [q.deptCode]) : undefined;
  return { keyword: q.keyword, status: q.status, deptCodes };
}

export async function listUsers(db: Db, keys: FieldKeyring, q: ListQuery, holders?: WorkHolders): Promise<Paged<AdminUser>> {
  const f = await filterOf(db, q);
  const [total, rows] = await Promise.all([
    repo.countUsers(db, f),
    repo.listUsers(db, f, { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize }),
  ]);
  return { list: await toAdminUsers(db, keys, rows, holders), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function exportRows(db: Db, keys: FieldKeyring, q: Omit<ListQuery, 'pageNumber' | 'pageSize'>): Promise<AdminUser[]> {
  return toAdminUsers(db, keys, await repo.listUsers(db, await filterOf(db, q)));
}

export async function getUser(db: Db, keys: FieldKeyring, userCode: string): Promise<AdminUser> {
  const u = await repo.findUser(db, userCode);
  if (!u) throw notFound(`用户不存在：${userCode}`);
  return (await toAdminUsers(db, keys, [u]))[0];
}

async function checkRefs(db: Db, keys: FieldKeyring, userCode: string, deptCode: string, mobile: string | null): Promise<void> {
  if (!(await repo.deptCodes(db)).has(deptCode)) throw bizError(`部门不存在：${deptCode}`);
  if (mobile) {
    const owner = (await repo.mobileOwners(db, mobileLookups(keys, [mobile]))).get(mobile);
    if (owner && owner !== userCode) throw bizError(`手机号码 ${mobile} 已被用户「${owner}」使用`);
  }
}

/**
 * A new user's row; the password is what the browser sent (sm3 twice), stored as argon2id, to be changed at first login.
 * An outside applicant's mobile (platform 19 only) is stored sealed.
 */
export function newUserRow(keys: FieldKeyring, u: Omit<CreateInput, 'password'>, passwordHash: string, at: string): UserTable {
  const row = accountRow(
    {
      userCode: u.userCode,
      userName: u.userName,
      passwordHash,
      deptCode: u.deptCode,
      mobile: u.mobile,
      email: u.email,
      sex: u.sex,
      tel: u.tel,
      room: u.room,
      position: u.position,
      sortNo: u.sortNo,
      passwordReset: 'Y',
    },
    at,
  );
  return { ...row, ...mobileColumns(keys, u.mobile, outsideApplicantPlatforms(u.platforms)) };
}

/** `audit` writes the audit row in the change's transaction (the hash is computed before it opens). */
export async function createUser(db: Db, keys: FieldKeyring, b: CreateInput, audit?: (trx: Trx) => Promise<void>): Promise<void> {
  const hash = await hashStoredPassword(b.password);
  await inChange(db, async (trx) => {
    if ((await repo.userCodesTaken(trx, [b.userCode])).size) throw bizError(`登录账号「${b.userCode}」已存在`);
    await checkRefs(trx, keys, b.userCode, b.deptCode, b.mobile);
    await repo.insertUsers(trx, [newUserRow(keys, b, hash, nowIso())]);
    await repo.setPlatforms(trx, b.userCode, b.platforms);
    await audit?.(trx);
  });
}

/** Returns the user as it was (for the audit; a sealed mobile opened, to be masked). */
export async function updateUser(db: Db, keys: FieldKeyring, b: UpdateInput) {
  return inChange(db, async (trx) => {
    const u = await repo.findUser(trx, b.userCode);
    if (!u) throw notFound(`用户不存在：${b.userCode}`);
    const platforms = (await repo.rolesAndPlatforms(trx, [b.userCode])).platforms.get(b.userCode) ?? [];
    await checkRefs(trx, keys, b.userCode, b.deptCode, b.mobile);
    const py = namePinyin(b.userName);
    // a sealed mobile stays sealed; an account made an outside applicant's gets it sealed
    const sealed = u.mobile_sealed !== null || outsideApplicantPlatforms(b.platforms);
    await repo.updateUser(trx, b.userCode, {
      user_name: b.userName,
      sex: b.sex,
      ...mobileColumns(keys, b.mobile, sealed),
      tel: b.tel,
      email: b.email,
      room: b.room,
      position: b.position,
      dept_code: b.deptCode,
      sort_no: b.sortNo,
      pinyin: py.full,
      pinyin_initials: py.initials,
      updated_at: nowIso(),
    });
    await repo.setPlatforms(trx, b.userCode, b.platforms);
    const { password_hash: _hash, mobile_sealed: _sealed, mobile_hash: _mobileHash, ...before } = u;
    return { ...before, mobile: accountMobile(keys, u), platforms };
  });
}

/** Disabling signs the user out everywhere at once (same transaction). */
export async function setStatus(db: Db, userCode: string, status: 'Y' | 'N', me: string): Promise<{ revoked: number }> {
  if (status === 'N' && userCode === me) throw bizError('不能停用自己的账号');
  return inChange(db, async (trx) => {
    if (!(await repo.findUser(trx, userCode))) throw notFound(`用户不存在：${userCode}`);
    const at = nowIso();
    await repo.updateUser(trx, userCode, { status, updated_at: at });
    const revoked = status === 'N' ? await revokeUserSessions(trx, userCode, at, 'disabled') : 0;
    return { revoked };
  });
}

/** Admin reset: the typed password (sm3 twice) must be changed at next login; open sessions end. */
export async function resetPassword(
  db: Db,
  keys: FieldKeyring,
  userCode: string,
  wire: string,
  me: { userCode: string; sessionId: string },
  audit?: (trx: Trx) => Promise<void>,
): Promise<void> {
  const hash = await hashStoredPassword(wire);
  await inChange(db, async (trx) => {
    const u = await repo.findUser(trx, userCode);
    if (!u) throw notFound(`用户不存在：${userCode}`);
    const at = nowIso();
    await repo.updateUser(trx, userCode, { password_hash: hash, password_changed_at: at, password_reset: 'Y', updated_at: at });
    await unlockAccount(trx, [userCode, accountMobile(keys, u)]);
    await revokeUserSessions(trx, userCode, at, 'admin-reset', userCode === me.userCode ? me.sessionId : undefined);
    await audit?.(trx);
  });
}
