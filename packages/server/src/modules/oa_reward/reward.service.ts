import type { RewardRate, RewardRateBody } from '@oa/shared/contract/approval-modules';
import type { Db } from '../../db/database';
import type { RewardRateTable } from '../../db/schema/reward';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { newId, nullable } from '../route-kit';
import * as repo from './reward.repository';

/** 劳务费标准 (/reward/setting, /reward/settingEdit): the rate table the oa_reward hook prices from. */
const toRate = (r: RewardRateTable): RewardRate => ({
  id: r.id,
  serviceKind: r.service_kind,
  payeeTitle: r.payee_title,
  unit: r.unit,
  rate: Number(r.rate),
  maxUnits: r.max_units === null ? null : Number(r.max_units),
  remark: r.remark,
  enabled: r.enabled === 'Y',
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});
export const listRates = async (db: Db) => (await repo.listRates(db)).map(toRate);
export async function getRate(db: Db, id: string): Promise<RewardRate> {
  const r = await repo.findRate(db, id);
  if (!r) throw notFound('劳务费标准不存在');
  return toRate(r);
}
/** Saves a rate; returns it as it was (null when new) and as saved, for the audit. Run it in the audit's transaction. */
export async function saveRate(db: Db, userCode: string, b: RewardRateBody): Promise<{ before: RewardRate | null; saved: RewardRate }> {
  const dup = await repo.findRateByKey(db, b.serviceKind, b.payeeTitle);
  if (dup && dup.id !== b.id) throw badRequest(`「${b.serviceKind}·${b.payeeTitle}」的标准已存在，请直接修改`, 'payeeTitle');
  const row = {
    service_kind: b.serviceKind,
    payee_title: b.payeeTitle,
    unit: b.unit,
    rate: b.rate,
    max_units: b.maxUnits ?? null,
    remark: nullable(b.remark),
    enabled: b.enabled ? ('Y' as const) : ('N' as const),
    updated_by: userCode,
    updated_at: nowIso(),
  };
  if (b.id) {
    const before = await getRate(db, b.id);
    if (Number((await repo.updateRate(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('劳务费标准不存在');
    return { before, saved: await getRate(db, b.id) };
  }
  const id = newId('RR');
  await repo.insertRate(db, { id, ...row });
  return { before: null, saved: await getRate(db, id) };
}
/** Deletes a rate; returns it as it was (for the audit). */
export async function removeRate(db: Db, id: string): Promise<RewardRate> {
  const before = await getRate(db, id);
  if (Number((await repo.deleteRate(db, id)).numDeletedRows) !== 1) throw notFound('劳务费标准不存在');
  return before;
}
