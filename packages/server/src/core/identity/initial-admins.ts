import { randomInt } from 'node:crypto';
import { PLATFORM } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { ADMIN_ROLES, ADMIN_ROLE_NAMES, adminRolesRefusal, type AdminRole } from '@oa/shared/access/three-admins';
import { passwordProblem } from '@oa/shared/validate/password';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { auditEvent, inChange, writeAudit } from '../audit';
import { hashStoredPassword } from './password';
import { revokeUserSessions } from './identity.repository';
import { unlockAccount } from './login-lock';
import { removeFactors } from './two-factor';
import * as repo from './initial-admins.repository';

/**
 * The three administrators of an installation (三员分立, `npm run admin:init`): one account per administrator role,
 * never two roles on one account, each with a one-time random password that it must change at its first login; the
 * administrator roles require two factors (the structure seed), so each enrols an authenticator at that login too.
 * The passwords are answered once, to be printed once, and stored only as hashes.
 */

/** The account each administrator gets unless the command names another (`--system`, `--security`, `--audit`). */
export const DEFAULT_ADMIN_ACCOUNTS: Readonly<Record<AdminRole, string>> = { admin: 'admin', secadmin: 'secadmin', auditadmin: 'auditor' };

/** The system administrator signs in on every platform it administers; the other two only on the office's. */
const PLATFORMS: Readonly<Record<AdminRole, readonly string[]>> = {
  admin: [PLATFORM.OA, PLATFORM.MEMBER, PLATFORM.INDUSTRY_SERVICE, PLATFORM.MANDATORY],
  secadmin: [PLATFORM.OA],
  auditadmin: [PLATFORM.OA],
};

/** The command's option naming each administrator's account. */
export const ROLE_OPTION: Readonly<Record<AdminRole, string>> = { admin: 'system', secadmin: 'security', auditadmin: 'audit' };

export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{1,31}$/;

export interface InitialAdmin {
  userCode: string;
  roleCode: AdminRole;
  roleName: string;
  /** the one-time password, in plain text: shown once and never stored */
  password: string;
}

/** A refusal of the command (exit 2): nothing was changed. */
export class AdminInitRefused extends Error {}

/** Who ran it and where, for the audit row (`cli:<os account>`, the machine). */
export interface CliRunner {
  actor: string;
  detail: Record<string, unknown>;
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@#%+=_-';

/** 16 random characters with each class the password rule asks for (no look-alikes such as 0/O, 1/l/I). */
export function oneTimePassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 12 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (passwordProblem(password)) throw new Error('generated password breaks the password rule');
  return password;
}

/** The stored hash of a password as the browser sends it (SM3 twice), as every login compares it. */
const storedHash = (password: string) => hashStoredPassword(hashPassword(password));

/** Whether some enabled account holds an administrator role (`npm start` says to run admin:init otherwise). */
export async function hasAdministrators(db: Db): Promise<boolean> {
  return (await repo.adminRoleHolders(db)).some((h) => h.status === 'Y');
}

/** The accounts to create, checked: each a valid, distinct account name. */
export function adminAccounts(names: Partial<Record<AdminRole, string | undefined>> = {}): Record<AdminRole, string> {
  const out = { ...DEFAULT_ADMIN_ACCOUNTS };
  for (const role of ADMIN_ROLES) out[role] = names[role]?.trim() || out[role];
  for (const role of ADMIN_ROLES)
    if (!ACCOUNT_PATTERN.test(out[role]))
      throw new AdminInitRefused(`${ADMIN_ROLE_NAMES[role]}的账号“${out[role]}”不合规：以字母开头，2–32 位字母、数字、下划线、点或横线`);
  if (new Set(ADMIN_ROLES.map((r) => out[r].toLowerCase())).size !== ADMIN_ROLES.length)
    throw new AdminInitRefused('三员分立：三个管理员必须是三个不同的账号');
  return out;
}

const refuse = async (db: Db, runner: CliRunner, action: string, target: string, message: string): Promise<never> => {
  await auditEvent(db, null, { action, target, result: 'denied', userCode: runner.actor, detail: { ...runner.detail, reason: message } });
  throw new AdminInitRefused(message);
};

/**
 * Creates the administrator of each administrator role that has no holder yet, in one transaction with its audit row.
 * Refused, changing nothing, when every role has its holder (a second run), or when an account name is taken.
 */
export async function createAdministrators(db: Db, accounts: Record<AdminRole, string>, runner: CliRunner): Promise<InitialAdmin[]> {
  const target = ADMIN_ROLES.map((r) => accounts[r]).join(',');
  const created = await inChange(db, async (trx) => {
    const holders = await repo.adminRoleHolders(trx);
    const missing = ADMIN_ROLES.filter((r) => !holders.some((h) => h.role_code === r));
    if (!missing.length) return null;
    for (const role of missing) if (await repo.accountExists(trx, accounts[role])) return { taken: accounts[role], role };
    const at = nowIso();
    const out: InitialAdmin[] = [];
    for (const role of missing) {
      const password = oneTimePassword();
      const userCode = accounts[role];
      await repo.insertAdministrator(
        trx,
        {
          userCode,
          userName: ADMIN_ROLE_NAMES[role],
          roleCode: role,
          platforms: PLATFORMS[role],
          passwordHash: await storedHash(password),
        },
        at,
      );
      out.push({ userCode, roleCode: role, roleName: ADMIN_ROLE_NAMES[role], password });
    }
    const accountsAfter = out.map((a) => ({ userCode: a.userCode, role: a.roleCode }));
    await writeAudit(trx, null, {
      action: 'admin.init',
      target,
      result: 'ok',
      userCode: runner.actor,
      detail: { ...runner.detail, passwordReset: true, twoFactorRequired: true },
      after: accountsAfter,
    });
    return out;
  });
  if (created === null) {
    const holders = (await repo.adminRoleHolders(db)).map((h) => `${h.user_code}（${ADMIN_ROLE_NAMES[h.role_code as AdminRole]}）`);
    return refuse(
      db,
      runner,
      'admin.init',
      target,
      `三员账号已存在：${holders.join('、')}。未做任何修改；如需为其中一个账号重新生成一次性密码，请运行 npm run admin:init -- --reset <账号>`,
    );
  }
  if ('taken' in created)
    return refuse(
      db,
      runner,
      'admin.init',
      target,
      `账号 ${created.taken} 已被占用，不能作为${ADMIN_ROLE_NAMES[created.role]}：请用 --${ROLE_OPTION[created.role]} <账号> 另选一个`,
    );
  return created;
}

/**
 * `--reset <account>`: a new one-time password for one administrator account (it holds exactly one administrator
 * role), to change at the next login; its two factors are removed (it enrols again), its sessions end, its login lock
 * is lifted. One transaction with its audit row.
 */
export async function resetAdministrator(db: Db, userCode: string, runner: CliRunner): Promise<InitialAdmin> {
  const roles = await repo.rolesOfAccount(db, userCode);
  const held = ADMIN_ROLES.filter((r) => roles.includes(r));
  if (!(await repo.accountExists(db, userCode))) return refuse(db, runner, 'admin.init.reset', userCode, `账号 ${userCode} 不存在`);
  if (held.length !== 1)
    return refuse(
      db,
      runner,
      'admin.init.reset',
      userCode,
      adminRolesRefusal(held) ?? `账号 ${userCode} 不是三员账号（系统管理员、安全管理员、审计管理员），admin:init 不能重置它`,
    );
  const role = held[0];
  const password = oneTimePassword();
  const hash = await storedHash(password);
  await inChange(db, async (trx) => {
    const at = nowIso();
    await repo.setOneTimePassword(trx, userCode, hash, at);
    await removeFactors(trx, userCode);
    await revokeUserSessions(trx, userCode, at, 'admin-init-reset');
    await unlockAccount(trx, [userCode]);
    await writeAudit(trx, null, {
      action: 'admin.init.reset',
      target: userCode,
      result: 'ok',
      userCode: runner.actor,
      detail: { ...runner.detail, role, passwordReset: true, twoFactorRemoved: true },
    });
  });
  return { userCode, roleCode: role, roleName: ADMIN_ROLE_NAMES[role], password };
}
