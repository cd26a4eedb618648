import type { BatchBody, BatchItem } from '@oa/shared/contract/subjects';
import { inChange, type AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './batches.repository';
import { newId } from './subjects.repository';
import { toBatch, today } from './subjects.mapper';

/** Declaration batches (申报批次): open and close dates, the guide, the per-subject budget ceiling. */

export async function listBatches(ctx: AppContext): Promise<BatchItem[]> {
  return (await repo.listBatches(ctx.db)).map((b) => toBatch(b));
}

export async function openBatches(ctx: AppContext): Promise<BatchItem[]> {
  return (await repo.openBatches(ctx.db, today())).map((b) => toBatch(b));
}

/** Saves a batch; `audit` gets its id and the batch as it was (null when new), written last in the save's transaction. */
export async function saveBatch(
  ctx: AppContext,
  userCode: string,
  body: BatchBody,
  audit: AuditLast<{ id: string; before: BatchItem | null }>,
): Promise<string> {
  const at = nowIso();
  const fields = {
    name: body.name,
    year: body.year,
    open_date: body.openDate,
    close_date: body.closeDate,
    guide: body.guide ?? null,
    budget_ceiling: body.budgetCeiling,
    total_budget: body.totalBudget ?? null,
    updated_at: at,
  };
  return inChange(ctx.db, async (trx) => {
    if (body.id) {
      const was = await repo.findBatch(trx, body.id);
      if (!was || !(await repo.updateBatch(trx, body.id, fields))) throw notFound('批次不存在');
      await audit(trx, { id: body.id, before: toBatch(was) });
      return body.id;
    }
    const id = newId('SB');
    await repo.insertBatch(trx, { id, ...fields, created_by: userCode, created_at: at });
    await audit(trx, { id, before: null });
    return id;
  });
}

/** Deletes a batch nobody declared in; `audit` gets it as it was, written last in the deletion's transaction. */
export async function deleteBatch(ctx: AppContext, id: string, audit: AuditLast<BatchItem>): Promise<void> {
  await inChange(ctx.db, async (trx) => {
    const was = await repo.findBatch(trx, id);
    if (!was) throw notFound('批次不存在');
    if (!(await repo.deleteEmptyBatch(trx, id))) throw bizError('该批次已有课题申报，不能删除');
    await audit(trx, toBatch(was));
  });
}
