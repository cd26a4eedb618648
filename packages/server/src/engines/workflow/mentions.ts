import { parseMentions } from '@oa/shared/notify/mentions';
import { nameOf } from '@oa/shared/workflow/assignees';
import type { AppContext } from '../../core/context';
import { lifecycleOf } from '../../core/ports/workflow-port';
import { notice, type Rt } from './engine';
import { loadDirectory } from './directory.repository';
import { findInstance, findTask, takesPartIn } from './runtime.repository';

/**
 * The people an opinion @mentions (`@姓名` / `@账号`, @oa/shared/notify/mentions) who may read the instance's record:
 * its initiator, a participant, or a reader by the owning area's rule (`canRead`). One who may not read it is left
 * out: a message would leak the record. Asked before the action's transaction (an area's read check reads through
 * the app's database, which a SQLite transaction holds); `tellMentioned` writes the messages inside it.
 */
export async function mentionedReaders(
  ctx: AppContext,
  at: { instanceId?: string; taskId?: string },
  actor: string,
  text: string | null | undefined,
): Promise<string[]> {
  if (!text?.includes('@') || actor === 'system') return [];
  const instanceId = at.instanceId ?? (at.taskId ? (await findTask(ctx.db, at.taskId))?.instance_id : undefined);
  const inst = instanceId ? await findInstance(ctx.db, instanceId) : undefined;
  if (!inst) return [];
  const dir = await loadDirectory(ctx.db);
  const owner = lifecycleOf(ctx, inst.module_code);
  const readers: string[] = [];
  for (const u of parseMentions(
    text,
    Object.values(dir.users).filter((p) => p.active),
  )) {
    if (u === actor) continue;
    const reads =
      u === inst.initiator ||
      (await takesPartIn(ctx.db, [inst.id], u)) ||
      ((await owner.canRead?.(ctx.db, { moduleCode: inst.module_code, recordId: inst.record_id, userCode: u })) ?? false);
    if (reads) readers.push(u);
  }
  return readers;
}

/** Tells the mentioned readers, in the action's transaction. */
export async function tellMentioned(rt: Rt, actor: string, readers: readonly string[], text: string | null | undefined): Promise<void> {
  if (!readers.length || !text) return;
  await rt.fx.notify(
    rt.trx,
    readers,
    {
      ...notice(rt, 'comment', `@提及：${rt.inst.title}`, `${nameOf(rt.dir, actor)} 在「${rt.inst.title}」的意见中提到了您：${text}`),
      event: 'mention',
    },
    rt.now,
  );
}
