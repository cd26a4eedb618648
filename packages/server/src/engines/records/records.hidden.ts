import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AppContext } from '../../core/context';
import { canManage, parseData, type Actor } from './records.access';
import type { RecordRow } from './records.repository';

/**
 * Removes the fields a workflow node hides from its approvers / CC recipients (per-node 'hidden').
 * The applicant, module managers and administrators see everything; anyone else sees a record with
 * the fields hidden on their node (open task, else last task or CC copy) taken out of `data`.
 */
export async function withoutHidden(ctx: AppContext, m: AnyModule, actor: Actor, rows: RecordRow[]): Promise<RecordRow[]> {
  const others = rows.filter((r) => r.applicant !== actor.userCode);
  if (!others.length || (await canManage(m, actor))) return rows;
  const perms = await ctx.workflow.fieldPermissionsFor(ctx.db, {
    moduleCode: m.code,
    recordIds: others.map((r) => r.id),
    userCode: actor.userCode,
  });
  if (!perms.size) return rows;
  return rows.map((row) => {
    if (row.applicant === actor.userCode) return row;
    const hidden = Object.entries(perms.get(row.id) ?? {})
      .filter(([, p]) => p === 'hidden')
      .map(([k]) => k);
    if (!hidden.length) return row;
    const data = parseData(row);
    for (const k of hidden) delete data[k];
    const amount = m.amountField && hidden.includes(m.amountField) ? null : row.amount;
    return { ...row, data: JSON.stringify(data), amount };
  });
}
