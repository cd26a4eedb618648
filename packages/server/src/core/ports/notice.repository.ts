import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import type { NotifyEvent } from '@oa/shared/notify/events';
import { enqueueOutbox } from '../notify/outbox.repository';

/**
 * A notification port for areas outside the workflow engine (weekly-report reminders, salary slips sent,
 * supervision reminders and 催办, meetings, document distribution): rows in the to-do centre's message list
 * (wf_notification), written in the caller's transaction. The live stream picks them up on the next poll of the
 * message page.
 */
interface AreaNotice {
  kind: 'remind' | 'urge' | 'system' | 'result' | 'return';
  title: string;
  content: string;
  /** the area's code and id, so the message centre can group them */
  moduleCode: string | null;
  recordId: string | null;
  /** what people choose channels for (@oa/shared/notify/events); without it, the kind's own event */
  event?: NotifyEvent;
}

export async function insertNotices(db: Db, userCodes: readonly string[], n: AreaNotice, at = nowIso()): Promise<number> {
  const users = [...new Set(userCodes)].filter(Boolean);
  if (!users.length) return 0;
  const rows = users.map((u) => ({
    id: randomBytes(12).toString('hex'),
    user_code: u,
    kind: n.kind,
    title: n.title.slice(0, 255),
    content: n.content.slice(0, 1000),
    instance_id: null,
    module_code: n.moduleCode,
    record_id: n.recordId,
    created_at: at,
    read_at: null,
  }));
  await db.insertInto('wf_notification').values(rows).execute();
  await enqueueOutbox(db, rows, n.event);
  return users.length;
}

/**
 * Claims the key of a periodic message (a meeting's reminder to one person, a supervision task turning red) in the
 * caller's transaction: true the first time only, on either dialect and across instances (the primary key decides),
 * so the message written with it goes out exactly once.
 */
export async function claimOnce(db: Db, key: string, at = nowIso()): Promise<boolean> {
  const r = await db
    .insertInto('notify_once')
    .values({ once_key: key.slice(0, 160), created_at: at })
    .onConflict((oc) => oc.column('once_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A person's latest messages of one area (the member-unit contacts' notice list, issue 37), newest first. */
export const noticesOf = (db: Db, userCode: string, moduleCode: string, limit: number) =>
  db
    .selectFrom('wf_notification')
    .select(['id', 'title', 'content', 'created_at'])
    .where('user_code', '=', userCode)
    .where('module_code', '=', moduleCode)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
