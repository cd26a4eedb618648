import type { z } from 'zod';
import type { DelegationItem, delegationBody } from '@oa/shared/contract/workflow';
import type { Paged } from '@oa/shared/contract/envelope';
import type { Db } from '../../db/database';
import { badRequest, bizError, forbidden } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { userNames } from './pending.repository';
import { newId } from './runtime.repository';

/** Delegation: a user's tasks go to a deputy for a date range (optionally for one module). */
export async function list(db: Db, f: { userCode?: string; involving?: string }, q: { pageNumber: number; pageSize: number }): Promise<Paged<DelegationItem>> {
  let base = db.selectFrom('wf_delegation');
  if (f.userCode) base = base.where('user_code', '=', f.userCode);
  if (f.involving) base = base.where((eb) => eb.or([eb('user_code', '=', f.involving!), eb('deputy_code', '=', f.involving!)]));
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('start_date', 'desc').orderBy('id').offset((q.pageNumber - 1) * q.pageSize).limit(q.pageSize).execute();
  const names = await userNames(db);
  return {
    list: rows.map((r) => ({
      id: r.id, userCode: r.user_code, userName: names.get(r.user_code) ?? r.user_code, deputyCode: r.deputy_code, deputyName: names.get(r.deputy_code) ?? r.deputy_code,
      moduleCode: r.module_code, startDate: r.start_date, endDate: r.end_date, reason: r.reason, enabled: r.enabled === 'Y', createdAt: r.created_at,
    })),
    total, pageNumber: q.pageNumber, pageSize: q.pageSize,
  };
}

export async function save(db: Db, actor: string, canManage: boolean, b: z.infer<typeof delegationBody>): Promise<string> {
  const userCode = b.userCode || actor;
  if (userCode !== actor && !canManage) throw forbidden('只能设置自己的委托');
  if (b.deputyCode === userCode) throw badRequest('不能委托给自己', 'deputyCode');
  const deputy = await db.selectFrom('sys_user').select('status').where('user_code', '=', b.deputyCode).executeTakeFirst();
  if (!deputy || deputy.status !== 'Y') throw badRequest('代理人不存在或已停用', 'deputyCode');
  const owner = await db.selectFrom('sys_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst();
  if (!owner) throw badRequest('委托人不存在', 'userCode');
  const row = {
    user_code: userCode, deputy_code: b.deputyCode, module_code: b.moduleCode ?? null, start_date: b.startDate, end_date: b.endDate,
    reason: b.reason ?? null, enabled: b.enabled ? ('Y' as const) : ('N' as const),
  };
  if (b.id) {
    let q = db.updateTable('wf_delegation').set(row).where('id', '=', b.id);
    if (!canManage) q = q.where('user_code', '=', actor);
    if (Number((await q.executeTakeFirst()).numUpdatedRows) !== 1) throw bizError('委托不存在');
    return b.id;
  }
  const id = newId();
  await db.insertInto('wf_delegation').values({ id, ...row, created_by: actor, created_at: nowIso() }).execute();
  return id;
}

export async function remove(db: Db, actor: string, canManage: boolean, id: string): Promise<void> {
  let q = db.deleteFrom('wf_delegation').where('id', '=', id);
  if (!canManage) q = q.where('user_code', '=', actor);
  if (Number((await q.executeTakeFirst()).numDeletedRows) !== 1) throw bizError('委托不存在');
}
