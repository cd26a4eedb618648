import { ownFile } from '../../core/files/own-files.repository';
import { deviceName } from '@oa/shared/format/device-name';
import type { MySession, PersonalCenter, PersonalCenterUpdate } from '@oa/shared/contract/people';
import { inChange, type AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { revokeUserSessions } from '../../core/identity/identity.repository';
import { IMAGE_EXTENSIONS } from '../../core/files/file-types';
import { verifySmsCode } from '../../core/identity/sms-codes';
import { visibleMobile, type Viewer } from '../../core/access/visibility';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './personal.repository';
import { accountMobile, mobileColumns, mobileLookup } from '../../core/identity/account-mobile';

export async function personalCenter(ctx: AppContext, me: Viewer): Promise<PersonalCenter> {
  const r = await repo.findMe(ctx.db, me.userCode);
  if (!r) throw forbidden();
  const mobile = accountMobile(ctx.fieldKeys, r);
  return {
    users: { userCode: r.user_code, userName: r.user_name, icon: r.icon, sex: r.sex, position: r.position },
    usersContactInfo: {
      tel: r.tel,
      mobile: visibleMobile(me, r.user_code, mobile),
      email: r.email,
      room: r.room,
      personalSign: r.personal_sign,
    },
    usersDepartment: { deptCode: r.dept_code, deptName: r.dept_name ?? null },
    account: {
      userCode: r.user_code,
      mobile,
      passwordChangedAt: r.password_changed_at,
      entryDate: r.entry_date,
      roles: [...me.roleCodes],
    },
  };
}

const orNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim());

/**
 * Updates one's own signature, room, landline, e-mail; a new mobile number needs the SMS code sent to
 * it (purpose 'mobile') and must not belong to someone else. Returns whether the mobile changed.
 */
/** What a change of one's own fields changed, for its audit row (the changed fields as they were and as they are). */
export interface PersonalChange {
  mobileChanged: boolean;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Updates one's own fields; `audit` is written last in the update's transaction (not called when nothing changes). */
export async function updatePersonalCenter(
  ctx: AppContext,
  me: Viewer,
  body: PersonalCenterUpdate,
  audit: AuditLast<PersonalChange>,
): Promise<{ mobileChanged: boolean }> {
  const current = await repo.findMe(ctx.db, me.userCode);
  if (!current) throw forbidden();
  const set: Parameters<typeof repo.updateMe>[2] = {};
  const sign = orNull(body.personalSign);
  if (sign !== undefined) set.personal_sign = sign;
  const room = orNull(body.room);
  if (room !== undefined) set.room = room;
  const tel = orNull(body.tel);
  if (tel !== undefined) set.tel = tel;
  const email = orNull(body.email);
  if (email !== undefined) set.email = email;
  let mobileChanged = false;
  const was = { ...current, mobile: accountMobile(ctx.fieldKeys, current) };
  if (body.mobile && body.mobile !== was.mobile) {
    if (!body.captcha) throw bizError('更换手机号需要填写发送到新号码的短信验证码');
    const owner = await repo.mobileOwner(ctx.db, mobileLookup(ctx.fieldKeys, body.mobile));
    if (owner && owner !== me.userCode) throw bizError('该手机号已被其他账号使用');
    await verifySmsCode(ctx, body.mobile, 'mobile', body.captcha);
    set.mobile = body.mobile;
    mobileChanged = true;
  }
  const keys = Object.keys(set) as Array<keyof typeof set & keyof typeof was>;
  // a sealed mobile stays sealed (an outside applicant's); the audit names the number, masked, never its envelope
  const stored = set.mobile ? { ...set, ...mobileColumns(ctx.fieldKeys, set.mobile, current.mobile_sealed !== null) } : set;
  if (keys.length > 0)
    await inChange(ctx.db, async (trx) => {
      await repo.updateMe(trx, me.userCode, stored, nowIso());
      await audit(trx, { mobileChanged, before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: set });
    });
  return { mobileChanged };
}

/** Sets one's avatar to an image one uploaded (userIconUpload). */
export async function setMyPic(ctx: AppContext, me: Viewer, icon: string): Promise<void> {
  const f = await ownFile(ctx.db, icon, me.userCode);
  if (!f) throw notFound('头像文件不存在，请重新上传');
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(f.ext)) throw bizError('头像必须是图片');
  await repo.updateMe(ctx.db, me.userCode, { icon }, nowIso());
}

export async function mySessions(ctx: AppContext, me: { userCode: string; sessionId: string }): Promise<MySession[]> {
  const rows = await repo.openSessions(ctx.db, me.userCode, nowIso());
  return rows.map((s) => ({
    id: s.id,
    kind: s.kind,
    ip: s.ip,
    device: deviceName(s.user_agent, s.kind),
    userAgent: s.user_agent,
    createdAt: s.created_at,
    lastSeenAt: s.last_seen_at,
    current: s.id === me.sessionId,
  }));
}

/** Signs out one other session (id) or every other one; the current session stays. Returns how many. */
/** Ends one other session of mine (id) or all but the current one; `audit` gets the count, written last in that transaction. */
export async function signOutElsewhere(
  ctx: AppContext,
  me: { userCode: string; sessionId: string },
  id: string | undefined,
  audit: AuditLast<number>,
): Promise<number> {
  const at = nowIso();
  if (id === me.sessionId) throw bizError('不能在此退出当前会话，请使用“退出”');
  return inChange(ctx.db, async (trx) => {
    const count = id
      ? await repo.revokeOne(trx, me.userCode, id, at)
      : await revokeUserSessions(trx, me.userCode, at, 'signed-out-elsewhere', me.sessionId);
    await audit(trx, count);
    return count;
  });
}
