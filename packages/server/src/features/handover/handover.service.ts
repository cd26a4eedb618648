import {
  HANDOVER_KINDS,
  HANDOVER_PREVIEW_LIMIT,
  type HandoverPerson,
  type HandoverPreview,
  type HandoverResult,
} from '@oa/shared/contract/handover';
import type { AppContext } from '../../core/context';
import { writeAudit } from '../../core/audit';
import { handoverSources } from '../../core/ports/handover-port';
import { insertNotices } from '../../core/ports/notice.repository';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './handover.repository';

/** Everything the person holds now, kind by kind in the order of the declaration. */
export async function preview(ctx: AppContext, userCode: string): Promise<HandoverPreview> {
  const p = await repo.person(ctx.db, userCode);
  if (!p) throw notFound('人员不存在');
  const groups = [];
  for (const s of handoverSources(ctx)) {
    groups.push({ kind: s.kind, label: HANDOVER_KINDS[s.kind], items: await s.list(ctx.db, userCode, HANDOVER_PREVIEW_LIMIT) });
  }
  return { userCode, userName: p.user_name, active: p.status === 'Y', total: groups.reduce((n, g) => n + g.items.length, 0), groups };
}

type Person = Awaited<ReturnType<typeof repo.person>>;

/** The one refusal of a hand-over (null when it may go ahead). */
export function handoverRefusal(from: Person, to: Person): { message: string; field: string } | null {
  if (!from) return { message: '交接人不存在', field: 'userCode' };
  if (!to) return { message: '接收人不存在', field: 'successor' };
  if (from.user_code === to.user_code) return { message: '接收人不能是交接人本人', field: 'successor' };
  if (to.status !== 'Y') return { message: '接收人已停用，请选择在岗人员', field: 'successor' };
  return null;
}

/**
 * Moves everything the person holds to the successor in one transaction: every kind's source moves what is
 * still the person's, the audit row and both people's messages are written in it too. A second hand-over of
 * the same person (at once or later) finds nothing and is refused.
 */
export async function handOver(
  ctx: AppContext,
  input: { userCode: string; successor: string },
  by: { userCode: string; ip: string | null },
): Promise<HandoverResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const [from, to] = [await repo.person(trx, input.userCode), await repo.person(trx, input.successor)];
    const refusal = handoverRefusal(from, to);
    if (refusal) throw badRequest(refusal.message, refusal.field);
    await repo.lockPerson(trx, input.userCode);
    const at = nowIso();
    const moved = [];
    for (const s of handoverSources(ctx)) {
      const count = await s.move(trx, { from: input.userCode, to: input.successor, at, actor: by.userCode });
      moved.push({ kind: s.kind, label: HANDOVER_KINDS[s.kind], count });
    }
    const total = moved.reduce((n, m) => n + m.count, 0);
    if (!total) throw bizError(`${from!.user_name}没有待交接的工作（可能已交接完毕）`);
    const summary = moved
      .filter((m) => m.count)
      .map((m) => `${m.label} ${m.count} 项`)
      .join('、');
    const notice = (content: string) => ({ kind: 'system' as const, title: '工作交接', content, moduleCode: null, recordId: null });
    await insertNotices(trx, [input.successor], notice(`${from!.user_name}的工作已交接给您：${summary}。请在待办中查看。`), at);
    await insertNotices(trx, [input.userCode], notice(`您的工作已交接给${to!.user_name}：${summary}。`), at);
    await writeAudit(trx, null, {
      userCode: by.userCode,
      ip: by.ip,
      action: 'handover',
      target: input.userCode,
      result: 'ok',
      detail: { successor: input.successor, moved: Object.fromEntries(moved.map((m) => [m.kind, m.count])) },
    });
    return { total, moved };
  });
}

/** The pickers' options: people matching a keyword, the disabled ones first (leavers). */
export async function people(ctx: AppContext, keyword: string | undefined): Promise<HandoverPerson[]> {
  const rows = await repo.peopleMatching(ctx.db, keyword, 50);
  return rows.map((r) => ({ userCode: r.user_code, userName: r.user_name, deptName: r.dept_name ?? null, active: r.status === 'Y' }));
}
