import type { z } from 'zod';
import type { DelegationItem, delegationBody } from '@oa/shared/contract/workflow';
import type { Paged } from '@oa/shared/contract/envelope';
import type { Db } from '../../db/database';
import { badRequest, bizError, forbidden } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { userNames } from '../../core/identity/identity.repository';
import { newId } from './runtime.repository';
import { deleteDelegation, insertDelegation, pageDelegations, updateDelegation, userStatus } from './delegation.repository';

/** Delegation: a user's tasks go to a deputy for a date range (optionally for one module). */
export async function list(
  db: Db,
  f: { userCode?: string; involving?: string },
  q: { pageNumber: number; pageSize: number },
): Promise<Paged<DelegationItem>> {
  const { rows, ...counted } = await pageDelegations(db, f, q);
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.user_code, r.deputy_code]),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      userCode: r.user_code,
      userName: names.get(r.user_code) ?? r.user_code,
      deputyCode: r.deputy_code,
      deputyName: names.get(r.deputy_code) ?? r.deputy_code,
      moduleCode: r.module_code,
      startDate: r.start_date,
      endDate: r.end_date,
      reason: r.reason,
      enabled: r.enabled === 'Y',
      createdAt: r.created_at,
    })),
    ...counted,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export async function save(db: Db, actor: string, canManage: boolean, b: z.infer<typeof delegationBody>): Promise<string> {
  const userCode = b.userCode || actor;
  if (userCode !== actor && !canManage) throw forbidden('只能设置自己的委托');
  if (b.deputyCode === userCode) throw badRequest('不能委托给自己', 'deputyCode');
  if ((await userStatus(db, b.deputyCode)) !== 'Y') throw badRequest('代理人不存在或已停用', 'deputyCode');
  if ((await userStatus(db, userCode)) === undefined) throw badRequest('委托人不存在', 'userCode');
  const row = {
    user_code: userCode,
    deputy_code: b.deputyCode,
    module_code: b.moduleCode ?? null,
    start_date: b.startDate,
    end_date: b.endDate,
    reason: b.reason ?? null,
    enabled: b.enabled ? ('Y' as const) : ('N' as const),
  };
  if (b.id) {
    if (!(await updateDelegation(db, b.id, row, canManage ? null : actor))) throw bizError('委托不存在');
    return b.id;
  }
  const id = newId();
  await insertDelegation(db, { id, ...row, created_by: actor, created_at: nowIso() });
  return id;
}

export async function remove(db: Db, actor: string, canManage: boolean, id: string): Promise<void> {
  if (!(await deleteDelegation(db, id, canManage ? null : actor))) throw bizError('委托不存在');
}
