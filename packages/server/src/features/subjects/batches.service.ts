import type { BatchBody, BatchItem } from '@oa/shared/contract/subjects';
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

export async function saveBatch(ctx: AppContext, userCode: string, body: BatchBody): Promise<string> {
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
  if (body.id) {
    if (!(await repo.updateBatch(ctx.db, body.id, fields))) throw notFound('批次不存在');
    return body.id;
  }
  const id = newId('SB');
  await repo.insertBatch(ctx.db, { id, ...fields, created_by: userCode, created_at: at });
  return id;
}

export async function deleteBatch(ctx: AppContext, id: string): Promise<void> {
  if (!(await repo.findBatch(ctx.db, id))) throw notFound('批次不存在');
  if (!(await repo.deleteEmptyBatch(ctx.db, id))) throw bizError('该批次已有课题申报，不能删除');
}
