import type { DeptScore, RecommendBody } from '@oa/shared/contract/news';
import { SCORE_RULES } from '@oa/shared/contract/news';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recommendRefusal, type Viewer } from './news.access';
import * as repo from './news.repository';
import { canRead } from './news.service';

/** 舆情推荐: a published article recommended to the front page or upward, with a state and who recommended it. */
export async function recommend(ctx: AppContext, v: Viewer, body: RecommendBody, audit: AuditLast): Promise<void> {
  const a = await repo.findArticle(ctx.db, body.id);
  if (!a || !(await canRead(ctx, v, a))) throw notFound('信息不存在或无权查看');
  const refusal = recommendRefusal(a, nowIso());
  if (refusal) throw bizError(refusal);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertRecommend(trx, {
      article_id: a.id,
      target: body.target,
      state: body.state,
      note: body.note ?? null,
      recommended_by: v.userCode,
      recommended_by_name: v.userName,
      at: nowIso(),
    });
    await audit(trx);
  });
}

export async function cancel(ctx: AppContext, id: string, audit: AuditLast): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteRecommend(trx, id);
    await audit(trx);
  });
}

/** Department scores of a year: 1 a published submission, +2 adopted, +3 commended; highest first. */
export async function scores(ctx: AppContext, year: number): Promise<DeptScore[]> {
  const rows = await repo.deptScores(ctx.db, `${year}-01-01`, `${year + 1}-01-01`);
  return rows
    .map((r) => {
      const submissions = Number(r.submissions);
      const adopted = Number(r.adopted ?? 0);
      const commended = Number(r.commended ?? 0);
      return {
        deptCode: r.dept_code,
        deptName: r.dept_name,
        submissions,
        adopted,
        commended,
        score: submissions * SCORE_RULES.submission + adopted * SCORE_RULES.adopted + commended * SCORE_RULES.commended,
      };
    })
    .sort((a, b) => b.score - a.score || a.deptName.localeCompare(b.deptName, 'zh'));
}
