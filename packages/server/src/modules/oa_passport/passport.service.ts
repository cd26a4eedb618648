import { chinaInstant } from '@oa/shared/format/china-time';
import type { PassportBookBody, PassportBookItem } from '@oa/shared/contract/approval-modules';
import type { Db } from '../../db/database';
import type { PassportBookTable } from '../../db/schema/passport';
import { bizError, badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { newId, nullable, type Viewer } from '../route-kit';
import * as repo from './passport.repository';

/** 护照保管登记 (/Passport): the passports the office holds; lent and returned by the oa_passport hooks. */
const SOON_MS = 180 * 86_400_000;
const toPassport = (r: PassportBookTable): PassportBookItem => ({
  id: r.id,
  holderName: r.holder_name,
  holderCode: r.holder_code,
  passportKind: r.passport_kind,
  passportNo: r.passport_no,
  issueDate: r.issue_date,
  expiryDate: r.expiry_date,
  status: r.status === 'out' ? 'out' : 'in',
  recordId: r.record_id,
  expiringSoon: !!r.expiry_date && Date.parse(chinaInstant(r.expiry_date)) - Date.now() < SOON_MS,
  remark: r.remark,
  updatedAt: r.updated_at,
});
/** Managers see the whole register; others their own passports. */
export const listPassports = async (db: Db, v: Viewer) => (await repo.listPassports(db, v.manage ? undefined : v.userCode)).map(toPassport);
/** Saves a passport entry; returns it as it was (null when new) and as saved, for the audit. */
export async function savePassport(db: Db, b: PassportBookBody): Promise<{ before: PassportBookItem | null; saved: PassportBookItem }> {
  const dup = await repo.findPassportByNo(db, b.passportNo);
  if (dup && dup.id !== b.id) throw badRequest('该证件号码已登记', 'passportNo');
  const row = {
    holder_name: b.holderName,
    holder_code: nullable(b.holderCode),
    passport_kind: b.passportKind,
    passport_no: b.passportNo,
    issue_date: b.issueDate ?? null,
    expiry_date: b.expiryDate ?? null,
    remark: nullable(b.remark),
    updated_at: nowIso(),
  };
  const id = b.id ?? newId('PB');
  const was = b.id ? await repo.findPassport(db, b.id) : undefined;
  if (b.id) {
    if (!was || Number((await repo.updatePassport(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('证件不存在');
  } else {
    await repo.insertPassport(db, { id, ...row, status: 'in', record_id: null });
  }
  return { before: was ? toPassport(was) : null, saved: toPassport((await repo.findPassport(db, id))!) };
}
/** Deletes a passport entry; returns it as it was (for the audit). */
export async function removePassport(db: Db, id: string): Promise<PassportBookItem> {
  const row = await repo.findPassport(db, id);
  if (!row) throw notFound('证件不存在');
  if (Number((await repo.deletePassport(db, id)).numDeletedRows) !== 1) throw bizError('证件借出中，归还后才能删除');
  return toPassport(row);
}
