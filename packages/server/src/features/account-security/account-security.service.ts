import type { LoginLock, OnlineSession } from '@oa/shared/contract/account-security';
import type { Paged } from '@oa/shared/contract/envelope';
import { deviceName } from '@oa/shared/format/device-name';
import type { AppContext } from '../../core/context';
import { writeAudit } from '../../core/audit';
import { revokeSession, revokeUserSessions } from '../../core/identity/identity.repository';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './account-security.repository';

/** Who acts and from where: the security administrator's session and address. */
export interface Actor {
  userCode: string;
  sessionId: string;
  ip: string;
}

/** Why a session ended, as the sessions table keeps it (the self-check names it 安全管理员强制下线). */
export const ENDED_BY_SECADMIN = 'ended-by-secadmin';

export async function listLocks(ctx: AppContext): Promise<LoginLock[]> {
  const rows = await repo.activeLocks(ctx.db, nowIso());
  const named = rows.map((r) => {
    const [kind, ...rest] = r.attempt_key.split(':');
    return { r, kind: kind === 'ip' ? ('ip' as const) : ('account' as const), name: rest.join(':') };
  });
  const users = new Map(
    (
      await repo.usersByCode(
        ctx.db,
        named.filter((n) => n.kind === 'account').map((n) => n.name),
      )
    ).map((u) => [u.user_code.toLowerCase(), u]),
  );
  return named.map(({ r, kind, name }) => {
    const u = kind === 'account' ? users.get(name) : undefined;
    return {
      key: r.attempt_key,
      kind,
      name,
      userCode: u?.user_code ?? null,
      userName: u?.user_name ?? null,
      failures: r.failures,
      since: r.window_start,
      lockedUntil: r.locked_until!,
    };
  });
}

/** Lifts one lock (its failure count too), audited with the change. */
export async function unlock(ctx: AppContext, actor: Actor, key: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteLock(trx, key))) throw notFound('该账号未被锁定或已自动解锁');
    await writeAudit(trx, null, { action: 'account.unlock', target: key, result: 'ok', userCode: actor.userCode, ip: actor.ip });
  });
}

export async function listSessions(
  ctx: AppContext,
  actor: Actor,
  q: { pageNumber: number; pageSize: number; userCode?: string },
): Promise<Paged<OnlineSession>> {
  const now = nowIso();
  const [rows, total] = await Promise.all([
    repo.sessionPage(ctx.db, now, q.pageSize, (q.pageNumber - 1) * q.pageSize, q.userCode),
    repo.sessionCount(ctx.db, now, q.userCode),
  ]);
  return {
    list: rows.map((s) => ({
      id: s.id,
      userCode: s.user_code,
      userName: s.user_name ?? null,
      deptName: s.dept_name ?? null,
      kind: s.kind,
      ip: s.ip,
      device: deviceName(s.user_agent, s.kind),
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      current: s.id === actor.sessionId,
    })),
    total,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

/** Ends another person's session: their next request is refused and sent to login, on every instance. */
export async function endSession(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (id === actor.sessionId) throw bizError('不能在此结束自己当前的会话，请使用“退出”');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.findOpenSession(trx, id, at);
    if (!s) throw notFound('会话不存在或已结束');
    await revokeSession(trx, id, at, ENDED_BY_SECADMIN);
    await writeAudit(trx, null, {
      action: 'session.end',
      target: s.user_code,
      result: 'ok',
      userCode: actor.userCode,
      ip: actor.ip,
      detail: { sessionId: id },
    });
  });
}

/** Ends every open session of a person (one's own current session stays). Answers how many. */
export async function endUserSessions(ctx: AppContext, actor: Actor, userCode: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const keep = userCode === actor.userCode ? actor.sessionId : undefined;
    const n = await revokeUserSessions(trx, userCode, nowIso(), ENDED_BY_SECADMIN, keep);
    await writeAudit(trx, null, {
      action: 'session.end',
      target: userCode,
      result: 'ok',
      userCode: actor.userCode,
      ip: actor.ip,
      detail: { count: n },
    });
    return n;
  });
}
