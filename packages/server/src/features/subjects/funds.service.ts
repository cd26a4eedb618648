import { ownFile } from '../../core/files/own-files.repository';
import type { FundBody, FundItem } from '@oa/shared/contract/subjects';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './funds.repository';
import { findSubject, insertLog, newId, updateSubjectIf } from './subjects.repository';
import { toFund } from './subjects.mapper';

/** The funding ledger of a subject (经费台账): money in (grants, matching funds) and out, with vouchers. */

const FUNDABLE = ['approved', 'in_progress', 'midterm', 'completion_requested', 'completed'];
const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export async function ledger(
  ctx: AppContext,
  subjectId: string,
): Promise<{ list: FundItem[]; budget: number; in: number; out: number; balance: number }> {
  const s = await findSubject(ctx.db, subjectId);
  if (!s) throw notFound('课题不存在');
  const [rows, totals] = await Promise.all([repo.fundsOf(ctx.db, subjectId), repo.fundTotals(ctx.db, subjectId)]);
  return {
    list: rows.map(toFund),
    budget: Number(s.budget ?? 0),
    in: totals.in,
    out: totals.out,
    balance: Math.round((totals.in - totals.out) * 100) / 100,
  };
}

/**
 * Books a ledger entry. Grants paid in may not exceed the approved budget; spending may not exceed what
 * was paid in. The checks and the insert are one transaction, after touching the subject row, so two
 * bookings at once cannot both pass the limit.
 */
export async function addFund(ctx: AppContext, userCode: string, body: FundBody, audit: AuditLast): Promise<string> {
  if (body.voucherFileId && !(await ownFile(ctx.db, body.voucherFileId, userCode)))
    throw badRequest('凭证文件无效（只能使用本人上传的文件）', 'voucherFileId');
  return ctx.db.transaction().execute(async (trx) => {
    const s = await findSubject(trx, body.subjectId);
    if (!s) throw notFound('课题不存在');
    const at = nowIso();
    if (!(await updateSubjectIf(trx, s.id, FUNDABLE, { updated_at: at }))) throw bizError('课题尚未立项或已终止，不能登记经费');
    const totals = await repo.fundTotals(trx, s.id);
    const budget = Number(s.budget ?? 0);
    if (body.direction === 'in' && body.category === '资助拨款' && totals.in + body.amount > budget + 1e-6) {
      throw bizError(`拨款合计将超过批准经费（批准 ${yuan(budget)} 元，已拨 ${yuan(totals.in)} 元）`);
    }
    if (body.direction === 'out' && totals.out + body.amount > totals.in + 1e-6) {
      throw bizError(`支出将超过已到账经费（已到账 ${yuan(totals.in)} 元，已支出 ${yuan(totals.out)} 元）`);
    }
    const id = newId('SF');
    await repo.insertFund(trx, {
      id,
      subject_id: s.id,
      direction: body.direction,
      amount: body.amount,
      happened_on: body.happenedOn,
      category: body.category,
      summary: body.summary,
      voucher_file_id: body.voucherFileId ?? null,
      created_by: userCode,
      created_at: at,
    });
    await insertLog(
      trx,
      s.id,
      body.direction === 'in' ? 'fund_in' : 'fund_out',
      userCode,
      `${body.direction === 'in' ? '经费拨入' : '经费支出'} ${yuan(body.amount)} 元：${body.summary}`,
      at,
    );
    await audit(trx);
    return id;
  });
}

/** Deletes a ledger entry; `audit` gets it as it was, written last in the deletion's transaction. */
export async function removeFund(ctx: AppContext, userCode: string, id: string, audit: AuditLast<unknown>): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const f = await repo.findFund(trx, id);
    if (!f) throw notFound('台账记录不存在');
    if (!(await repo.deleteFund(trx, id))) throw notFound('台账记录不存在');
    await insertLog(trx, f.subject_id, 'fund_removed', userCode, `删除台账记录：${f.summary}（${yuan(Number(f.amount))} 元）`, nowIso());
    await audit(trx, f);
  });
}
