import type { z } from 'zod';
import { PLATFORM } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { contactSaveBody, contactStatusBody, UnitContactRow } from '@oa/shared/contract/member-units';
import type { AppContext } from '../../core/context';
import type { AuditLast, Trx } from '../../core/audit';
import { accountRow } from '../../core/identity/account-row';
import { accountMobile, mobileColumns, mobileLookup } from '../../core/identity/account-mobile';
import { revokeUserSessions } from '../../core/identity/identity.repository';
import { oneTimePassword } from '../../core/identity/initial-admins';
import { unlockAccount } from '../../core/identity/login-lock';
import { hashStoredPassword } from '../../core/identity/password';
import { namePinyin } from '../../core/search/pinyin';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './member-units.repository';
import type { UnitChange } from './member-units.service';

/**
 * A member unit's contacts (issue 37): outside accounts of platform 20, reached only through their unit (a staff
 * account is never found here). A new contact, and a reset, get a one-time password: answered once to the
 * administrator, stored only as its hash, changed at the contact's first login. The mobile is kept sealed.
 */

type ContactRowDb = NonNullable<Awaited<ReturnType<typeof repo.findContact>>>;

const view = (ctx: AppContext, c: ContactRowDb): UnitContactRow => ({
  userCode: c.user_code,
  userName: c.user_name,
  mobile: accountMobile(ctx.fieldKeys, c),
  email: c.email,
  enabled: c.status === 'Y' ? 'Y' : 'N',
  passwordReset: c.password_reset === 'Y',
});

export async function listContacts(ctx: AppContext, unitId: string): Promise<UnitContactRow[]> {
  if (!(await repo.findUnit(ctx.db, unitId))) throw notFound('成员单位不存在');
  return (await repo.contactsOfUnit(ctx.db, unitId)).map((c) => view(ctx, c));
}

/** A fresh one-time password and the hash stored for it (as the browser would send it: SM3, then the stored hash). */
async function freshPassword() {
  const password = oneTimePassword();
  return { password, hash: await hashStoredPassword(hashPassword(password)) };
}

async function checkMobile(ctx: AppContext, trx: Trx, mobile: string, userCode: string) {
  if (await repo.mobileHolder(trx, mobileLookup(ctx.fieldKeys, mobile), userCode)) throw badRequest('该手机号码已被其他账号使用', 'mobile');
}

type SaveBody = z.output<typeof contactSaveBody>;

/** Adds a contact to a unit (answering the one-time password) or edits one (name, mobile, e-mail). */
export async function saveContact(
  ctx: AppContext,
  b: SaveBody,
  audit: AuditLast<UnitChange>,
): Promise<{ userCode: string; password: string | null }> {
  const fresh = b.existing ? null : await freshPassword();
  return ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.findUnit(trx, b.unitId);
    if (!unit) throw notFound('成员单位不存在');
    const at = nowIso();
    if (!fresh) {
      const before = await repo.findContact(trx, b.userCode);
      if (!before || before.unit_id !== unit.id) throw notFound('联系人不存在');
      await checkMobile(ctx, trx, b.mobile, b.userCode);
      const py = namePinyin(b.userName);
      await repo.updateAccount(trx, b.userCode, {
        user_name: b.userName,
        email: b.email,
        ...mobileColumns(ctx.fieldKeys, b.mobile, true),
        pinyin: py.full,
        pinyin_initials: py.initials,
        updated_at: at,
      });
      await audit(trx, { before: view(ctx, before), after: view(ctx, (await repo.findContact(trx, b.userCode))!) });
      return { userCode: b.userCode, password: null };
    }
    if (unit.enabled !== 'Y') throw bizError('成员单位已停用，不能添加联系人');
    if (await repo.accountExists(trx, b.userCode)) throw badRequest(`登录账号「${b.userCode}」已存在`, 'userCode');
    await checkMobile(ctx, trx, b.mobile, b.userCode);
    const row = accountRow(
      {
        userCode: b.userCode,
        userName: b.userName,
        passwordHash: fresh.hash,
        deptCode: null,
        email: b.email,
        position: '公文联络员',
        passwordReset: 'Y',
      },
      at,
    );
    await repo.insertContact(trx, { ...row, ...mobileColumns(ctx.fieldKeys, b.mobile, true) }, PLATFORM.UNIT_CONTACT, unit.id);
    await audit(trx, { before: null, after: { ...view(ctx, (await repo.findContact(trx, b.userCode))!), unitId: unit.id } });
    return { userCode: b.userCode, password: fresh.password };
  });
}

async function contactOrMissing(trx: Trx, userCode: string) {
  const c = await repo.findContact(trx, userCode);
  if (!c) throw notFound('联系人不存在');
  return c;
}

/** Enables or disables a contact; disabling ends his sessions at once. */
export async function setContactStatus(
  ctx: AppContext,
  b: z.output<typeof contactStatusBody>,
  audit: AuditLast<UnitChange & { revoked: number }>,
): Promise<{ revoked: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const c = await contactOrMissing(trx, b.userCode);
    if (b.enabled === 'Y' && (await repo.findUnit(trx, c.unit_id))?.enabled !== 'Y') throw bizError('成员单位已停用，请先启用单位');
    const at = nowIso();
    await repo.updateAccount(trx, c.user_code, { status: b.enabled, updated_at: at });
    const revoked = b.enabled === 'N' ? await revokeUserSessions(trx, c.user_code, at, 'disabled') : 0;
    await audit(trx, { before: { enabled: c.status }, after: { enabled: b.enabled }, revoked });
    return { revoked };
  });
}

/** A new one-time password: to be changed at the next login; the contact's sessions end and his login lock lifts. */
export async function resetContactPassword(
  ctx: AppContext,
  userCode: string,
  audit: AuditLast,
): Promise<{ userCode: string; password: string }> {
  const fresh = await freshPassword();
  return ctx.db.transaction().execute(async (trx) => {
    const c = await contactOrMissing(trx, userCode);
    const at = nowIso();
    await repo.updateAccount(trx, c.user_code, { password_hash: fresh.hash, password_changed_at: at, password_reset: 'Y', updated_at: at });
    await unlockAccount(trx, [c.user_code, accountMobile(ctx.fieldKeys, c)]);
    await revokeUserSessions(trx, c.user_code, at, 'admin-reset');
    await audit(trx, undefined);
    return { userCode: c.user_code, password: fresh.password };
  });
}
