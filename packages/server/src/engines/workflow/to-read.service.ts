import type { Paged } from '@oa/shared/contract/envelope';
import type { ToReadItem } from '@oa/shared/contract/to-read';
import type { AppContext } from '../../core/context';
import { markToRead, pageToRead, todoSources } from '../../core/ports/todo-sources';
import { bizError } from '../../lib/errors';

/** 待阅 of the to-do centre: the items of every registered to-do source (core/ports/todo-sources.ts). */
export async function toReadList(
  ctx: AppContext,
  userCode: string,
  q: { read?: 'Y' | 'N'; pageNumber: number; pageSize: number },
): Promise<Paged<ToReadItem>> {
  const { total, rows } = await pageToRead(ctx.db, todoSources(ctx), userCode, {
    read: q.read,
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows, total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function toReadMark(ctx: AppContext, userCode: string, source: string, id: string): Promise<void> {
  if (!todoSources(ctx).some((s) => s.code === source)) throw bizError('待阅来源不存在');
  if (!(await markToRead(ctx.db, todoSources(ctx), userCode, source, id))) throw bizError('待阅事项不存在');
}
