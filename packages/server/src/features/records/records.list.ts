import type { RecordListQuery } from '@oa/shared/contract/records';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AppContext } from '../../core/context';
import { forbidden } from '../../lib/errors';
import { canManage, type Actor } from './records.access';
import { filterConditions, parseFilters } from './records.query';
import { leaderDepts, type RecordRow } from './records.repository';

/**
 * The records a list or export shows. 'mine': my own, plus (dept-scoped modules) the submitted records
 * of the departments I lead; 'manage' (`:manage` holders, administrators): everyone's submitted records.
 */
export async function listRecords(ctx: AppContext, m: AnyModule, actor: Actor, query: Pick<RecordListQuery, 'view' | 'filters'>, page: { pageNumber: number; pageSize: number } | null): Promise<{ rows: RecordRow[]; total: number }> {
  const filters = parseFilters(m, query.filters);
  let depts: string[] = [];
  if (query.view === 'manage') {
    if (!(await canManage(m, actor))) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.manage}）`);
  } else if (m.scope === 'dept') {
    depts = await leaderDepts(ctx.db, actor, actor.roleCodes);
  }
  const base = ctx.db.selectFrom('business_record').where('module', '=', m.code).where((eb) => {
    const own = eb('applicant', '=', actor.userCode);
    const visible = query.view === 'manage' ? eb('status', '!=', 'draft')
      : depts.length ? eb.and([eb('dept', 'in', depts), eb('status', '!=', 'draft')]) : null;
    const scope = visible ? eb.or([own, visible]) : own;
    return eb.and([scope, ...filterConditions(eb, m, filters, ctx.dialect)]);
  });
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let q = base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  q = page ? q.limit(page.pageSize).offset((page.pageNumber - 1) * page.pageSize) : q.limit(10_000);
  return { rows: await q.execute(), total: Number(n) };
}
