import type { ArrearsResult, FeeGenerateResult } from '@oa/shared/contract/registers';
import { validateRecord } from '@oa/shared/modules/field-schema';
import { monthsBetween, partyFeeDue, unionFeeDue } from '@oa/shared/modules/fee-rules';
import { registerByCode } from '@oa/shared/modules/registers';
import { inChange, type AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import type { EngineActor, EngineRow } from '../../core/ports/register-port';
import { bizError, forbidden } from '../../lib/errors';

/**
 * Party fees and union fees (issue 6): the month's fee rows generated from the member registers
 * (salary base × the rate), and the arrears — unpaid or never generated months of active members.
 * The union fee (党建-工会会费 `party_union_fee`) follows the same rules and lives here with the party fee;
 * both use the module engine's registers through `ctx.registers` (core/ports/register-port.ts).
 */

interface FeeConfig {
  memberModule: string;
  activeState: string;
  group: 'branch' | 'dept';
  due: (base: unknown) => number | null;
}
export const FEES: Readonly<Record<'party_fee' | 'party_union_fee', FeeConfig>> = {
  party_fee: { memberModule: 'party_member', activeState: '正常', group: 'branch', due: partyFeeDue },
  party_union_fee: { memberModule: 'party_union_member', activeState: '在会', group: 'dept', due: unionFeeDue },
};

interface Member {
  name: string;
  idCard: string;
  group: string | null;
  salaryBase: number | null;
  joinMonth: string | null;
}

async function activeMembers(ctx: AppContext, db: Db, cfg: FeeConfig): Promise<Member[]> {
  const rows = await ctx.registers.rows(db, cfg.memberModule);
  return rows
    .map((r) => r.data)
    .filter((d) => d.state === cfg.activeState && typeof d.idCard === 'string')
    .map((d) => ({
      name: String(d.name ?? ''),
      idCard: String(d.idCard),
      group: typeof d[cfg.group] === 'string' ? String(d[cfg.group]) : null,
      salaryBase: typeof d.salaryBase === 'number' ? d.salaryBase : null,
      joinMonth: typeof d.joinDate === 'string' ? d.joinDate.slice(0, 7) : null,
    }));
}

const feeData = (rows: EngineRow[]) =>
  rows
    .map((r) => r.data)
    .filter(
      (d): d is Record<string, unknown> & { month: string; idCard: string } => typeof d.month === 'string' && typeof d.idCard === 'string',
    );

/** Creates the month's unpaid fee rows of every active member who has none yet, and writes `audit` last in their transaction. */
export async function generateFees(
  ctx: AppContext,
  code: keyof typeof FEES,
  actor: EngineActor,
  month: string,
  audit: AuditLast<FeeGenerateResult>,
): Promise<FeeGenerateResult> {
  const m = registerByCode(code)!;
  if (!(await ctx.registers.mayManage(code, actor))) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.manage}）`);
  const cfg = FEES[code];
  return inChange(ctx.db, async (trx) => {
    const members = await activeMembers(ctx, trx, cfg);
    if (members.length === 0) throw bizError('没有可生成费用的在册人员，请先维护人员名册');
    const have = new Set(
      feeData(await ctx.registers.rows(trx, code))
        .filter((d) => d.month === month)
        .map((d) => String(d.idCard)),
    );
    const noBase: string[] = [];
    const datas: Array<Record<string, unknown>> = [];
    let skipped = 0;
    for (const p of members) {
      if (have.has(p.idCard) || (p.joinMonth && p.joinMonth > month)) {
        skipped += 1;
        continue;
      }
      if (p.salaryBase === null) {
        noBase.push(p.name);
        continue;
      }
      const input = { month, name: p.name, idCard: p.idCard, [cfg.group]: p.group, salaryBase: p.salaryBase, state: '未缴' };
      const r = validateRecord(m, input);
      if (r.ok) datas.push(r.data);
      else noBase.push(p.name);
    }
    await ctx.registers.addRows(trx, code, actor, datas, 'generate');
    const res = { created: datas.length, skipped, noBase };
    await audit(trx, res);
    return res;
  });
}

/** Unpaid months from `from` to `to` of every active member (rows marked 未缴, and months never generated). */
export async function arrears(
  ctx: AppContext,
  code: keyof typeof FEES,
  actor: EngineActor,
  from: string,
  to: string,
): Promise<ArrearsResult> {
  const m = registerByCode(code)!;
  if (!(await actor.can(m.permissions.read)) && !actor.isAdmin) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.read}）`);
  if (to < from) throw bizError('结束月份不能早于开始月份');
  const months = monthsBetween(from, to);
  const cfg = FEES[code];
  const members = await activeMembers(ctx, ctx.db, cfg);
  const fees = new Map<string, Record<string, unknown>>();
  for (const d of feeData(await ctx.registers.rows(ctx.db, code)))
    if (d.month >= from && d.month <= to) fees.set(`${String(d.idCard)}|${String(d.month)}`, d);
  const groupNames =
    cfg.group === 'dept'
      ? await ctx.registers.deptNames(
          ctx.db,
          members.map((p) => p.group).filter((g): g is string => !!g),
        )
      : new Map<string, string>();
  const list: ArrearsResult['list'] = [];
  for (const p of members) {
    const owed: string[] = [];
    let cents = 0;
    for (const mo of months) {
      if (p.joinMonth && mo < p.joinMonth) continue;
      const fee = fees.get(`${p.idCard}|${mo}`);
      if (fee && fee.state === '已缴') continue;
      const due = fee ? (typeof fee.due === 'number' ? fee.due : cfg.due(fee.salaryBase)) : cfg.due(p.salaryBase);
      if (due === null) continue;
      owed.push(mo);
      cents += Math.round(due * 100);
    }
    if (owed.length)
      list.push({
        name: p.name,
        idCard: p.idCard,
        group: p.group ? (groupNames.get(p.group) ?? p.group) : null,
        months: owed,
        unpaidMonths: owed.length,
        amount: cents / 100,
      });
  }
  list.sort((a, b) => b.unpaidMonths - a.unpaidMonths || a.name.localeCompare(b.name, 'zh-CN'));
  return { list, totalAmount: Math.round(list.reduce((s, x) => s + x.amount * 100, 0)) / 100, members: list.length };
}
