import { chinaDateTime } from '@oa/shared/format/china-time';
import type { NotifyEvent } from '@oa/shared/notify/events';
import type { AppContext } from '../../core/context';
import { claimOnce, insertNotices } from '../../core/ports/notice.repository';
import type { Db } from '../../db/database';
import { MINUTE, nowIso } from '../../lib/time';
import * as repo from './meeting-notices.repository';

/** How long before a meeting starts its invitees are reminded. */
export const REMIND_BEFORE_MS = 30 * MINUTE;
const MODULE = 'oa_meeting';

interface Told {
  id: number;
  title: string;
  startAt: string;
  roomName: string;
}

const when = (m: Told) => `${chinaDateTime(m.startAt)}，${m.roomName}`;

const TEXT: Record<'meeting_invite' | 'meeting_change' | 'meeting_cancel', (m: Told, by: string) => [string, string]> = {
  meeting_invite: (m, by) => [`会议邀请：${m.title}`, `${by}邀请您参加「${m.title}」（${when(m)}），请回复是否参加。`],
  meeting_change: (m, by) => [`会议变更：${m.title}`, `${by}修改了「${m.title}」，现为 ${when(m)}。`],
  meeting_cancel: (m, by) => [`会议取消：${m.title}`, `${by}取消了「${m.title}」（原定 ${when(m)}）。`],
};

/** Tells `users` (not the actor) of a meeting's invitation, change or cancellation, in the caller's transaction. */
export async function tellMeeting(
  trx: Db,
  event: 'meeting_invite' | 'meeting_change' | 'meeting_cancel',
  users: readonly string[],
  m: Told,
  actor: { userCode: string; userName: string },
  at = nowIso(),
): Promise<void> {
  const [title, content] = TEXT[event](m, actor.userName);
  const to = users.filter((u) => u !== actor.userCode);
  const kind = 'system';
  await insertNotices(trx, to, { kind, title, content, moduleCode: MODULE, recordId: String(m.id), event: event as NotifyEvent }, at);
}

/**
 * 会前提醒 (periodic): each invitee who has not declined an approved meeting starting within REMIND_BEFORE_MS is
 * reminded once — the key `meeting_remind:<meeting>:<person>` is claimed in the message's transaction, so a second
 * run or a second instance writes nothing. Answers how many were reminded.
 */
export async function remindBeforeStart(ctx: AppContext, now: Date): Promise<number> {
  const from = now.toISOString();
  const due = await repo.startingBetween(ctx.db, from, new Date(now.getTime() + REMIND_BEFORE_MS).toISOString());
  let n = 0;
  for (const m of due) {
    const id = Number(m.id);
    const users = await repo.attending(ctx.db, id);
    n += await ctx.db.transaction().execute(async (trx) => {
      const fresh: string[] = [];
      for (const u of users) if (await claimOnce(trx, `meeting_remind:${id}:${u}`, from)) fresh.push(u);
      return insertNotices(
        trx,
        fresh,
        {
          kind: 'remind',
          title: `会议即将开始：${m.title}`,
          content: `「${m.title}」将于 ${chinaDateTime(m.start_at)} 在${m.room_name}开始。`,
          moduleCode: MODULE,
          recordId: String(id),
          event: 'meeting_remind',
        },
        from,
      );
    });
  }
  return n;
}
