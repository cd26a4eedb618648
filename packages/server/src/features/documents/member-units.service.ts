import type { z } from 'zod';
import type { MemberUnitRow, unitSaveBody, unitStatusBody } from '@oa/shared/contract/member-units';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { revokeUserSessions } from '../../core/identity/identity.repository';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { newId } from './documents.service';
import * as repo from './member-units.repository';

/**
 * 成员单位 (issue 37): the document administrators keep the register of member units. Code and name are each one
 * unit's; a disabled unit is offered to no sender and its contacts are disabled with it, their sessions ended.
 */

/** What a change was and became, for its audit row. */
export interface UnitChange {
  before: unknown;
  after: unknown;
}

export async function listUnits(ctx: AppContext): Promise<MemberUnitRow[]> {
  const rows = await repo.allUnits(ctx.db);
  return rows.map((u) => ({
    id: u.id,
    code: u.code,
    name: u.name,
    sortNo: u.sort_no,
    enabled: u.enabled,
    contactCount: Number(u.contact_count ?? 0),
  }));
}

const unitView = (u: { id: string; code: string; name: string; sort_no: number; enabled: string }) => ({
  id: u.id,
  code: u.code,
  name: u.name,
  sortNo: u.sort_no,
  enabled: u.enabled,
});

/** Adds a unit (no id) or edits one: a code or a name another unit has is refused, naming the field. */
export async function saveUnit(
  ctx: AppContext,
  b: z.output<typeof unitSaveBody>,
  audit: AuditLast<UnitChange & { id: string }>,
): Promise<{ id: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = b.id ? await repo.findUnit(trx, b.id) : undefined;
    if (b.id && !before) throw notFound('成员单位不存在');
    const except = before?.id ?? null;
    const sameCode = await repo.unitHolding(trx, 'code', b.code, except);
    if (sameCode) throw badRequest(`单位编码「${b.code}」已被「${sameCode.name}」使用`, 'code');
    if (await repo.unitHolding(trx, 'name', b.name, except)) throw badRequest(`单位名称「${b.name}」已存在`, 'name');
    const id = before?.id ?? newId('MU');
    if (before) await repo.updateUnit(trx, id, { code: b.code, name: b.name, sort_no: b.sortNo });
    else await repo.insertUnit(trx, { id, code: b.code, name: b.name, sort_no: b.sortNo, created_at: nowIso(), enabled: 'Y' });
    const after = (await repo.findUnit(trx, id))!;
    await audit(trx, { id, before: before ? unitView(before) : null, after: unitView(after) });
    return { id };
  });
}

/** Enables or disables a unit; disabling disables its contacts and ends their sessions at once. */
export async function setUnitStatus(
  ctx: AppContext,
  b: z.output<typeof unitStatusBody>,
  audit: AuditLast<UnitChange & { contacts: string[] }>,
): Promise<{ contacts: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.findUnit(trx, b.id);
    if (!unit) throw notFound('成员单位不存在');
    await repo.updateUnit(trx, unit.id, { enabled: b.enabled });
    const at = nowIso();
    const contacts = b.enabled === 'N' ? await repo.enabledContactCodes(trx, unit.id) : [];
    for (const c of contacts) {
      await repo.updateAccount(trx, c, { status: 'N', updated_at: at });
      await revokeUserSessions(trx, c, at, 'disabled');
    }
    await audit(trx, { before: { enabled: unit.enabled }, after: { enabled: b.enabled }, contacts });
    return { contacts: contacts.length };
  });
}
