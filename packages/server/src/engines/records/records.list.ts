import type { RecordListQuery } from '@oa/shared/contract/records';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AppContext } from '../../core/context';
import { forbidden } from '../../lib/errors';
import { canManage, type Actor } from './records.access';
import { listFilters, parseFilters } from './records-query.repository';
import { leaderDepts } from './records.repository';
import { pageRecords, parseCursor, recordChunks, type ListScope } from './records-page.repository';

/**
 * The records a list or export shows. 'mine': my own, plus (dept-scoped modules) the submitted records
 * of the departments I lead; 'manage' (`:manage` holders, administrators): everyone's submitted records
 * and my own drafts. Written as disjoint branches, each served by one index (migration 070).
 */
async function recordScope(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  query: Pick<RecordListQuery, 'view' | 'filters'>,
): Promise<ListScope> {
  const filters = parseFilters(m, query.filters);
  const me = actor.userCode;
  let branches: ListScope['branches'];
  if (query.view === 'manage') {
    if (!(await canManage(m, actor))) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.manage}）`);
    branches = [(eb) => eb.and([eb('applicant', '=', me), eb('status', '=', 'draft')]), (eb) => eb('status', '!=', 'draft')];
  } else {
    const depts = m.scope === 'dept' ? await leaderDepts(ctx.db, actor, actor.roleCodes) : [];
    // one branch per department: each is read in list order from (module, dept, created_at, id)
    branches = [
      (eb) => eb('applicant', '=', me),
      ...depts.map(
        (d): ListScope['branches'][number] =>
          (eb) =>
            eb.and([eb('dept', '=', d), eb('status', '!=', 'draft'), eb('applicant', '!=', me)]),
      ),
    ];
  }
  return {
    dialect: ctx.dialect,
    module: m.code,
    branches,
    ...(await listFilters(ctx.db, ctx.fieldKeys, m, filters, ctx.dialect)),
    // both views start with my own rows (the manager's: my drafts)
    ownFirst: true,
  };
}

export async function listRecords(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  query: Pick<RecordListQuery, 'view' | 'filters' | 'pageNumber' | 'pageSize' | 'after'>,
  recordsVersion?: number,
) {
  return pageRecords(
    ctx.db,
    ctx.fieldKeys,
    await recordScope(ctx, m, actor, query),
    { ...query, after: parseCursor(query.after) },
    recordsVersion,
  );
}

/** Every row of the list (exports), read in keyset chunks. */
export async function listChunks(ctx: AppContext, m: AnyModule, actor: Actor, query: Pick<RecordListQuery, 'view' | 'filters'>) {
  return recordChunks(ctx.db, ctx.fieldKeys, await recordScope(ctx, m, actor, query));
}
