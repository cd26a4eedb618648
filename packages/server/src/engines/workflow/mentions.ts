import { parseMentions } from '@oa/shared/notify/mentions';
import { nameOf } from '@oa/shared/workflow/assignees';
import type { AppContext } from '../../core/context';
import { lifecycleOf } from '../../core/ports/workflow-port';
import { notice, type Rt } from './engine';
import { takesPartIn } from './runtime.repository';

/** Whether `userCode` may read the instance's record: its initiator, a participant, or a reader by the owner's rule. */
async function mayRead(ctx: AppContext, rt: Rt, userCode: string): Promise<boolean> {
  if (userCode === rt.inst.initiator || (await takesPartIn(rt.trx, [rt.inst.id], userCode))) return true;
  const owner = lifecycleOf(ctx, rt.inst.module_code);
  return (await owner.canRead?.(rt.trx, { moduleCode: rt.inst.module_code, recordId: rt.inst.record_id, userCode })) ?? false;
}

/**
 * An opinion's @mentions (`@姓名` / `@账号`, @oa/shared/notify/mentions): each mentioned person who may read the
 * record is told, in the action's transaction; one who may not is told nothing (the message would leak the record).
 */
export async function notifyMentions(ctx: AppContext, rt: Rt, actor: string, text: string | null | undefined): Promise<void> {
  if (!text?.includes('@') || actor === 'system') return;
  const people = Object.values(rt.dir.users).filter((u) => u.active);
  const readers: string[] = [];
  for (const u of parseMentions(text, people)) if (u !== actor && (await mayRead(ctx, rt, u))) readers.push(u);
  if (!readers.length) return;
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
