import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { SYNC_CHANGES_SHOWN, type DirectoryState, type SyncAnswer } from '@oa/shared/contract/directory-sync';
import type { AppContext } from '../../core/context';
import type { DirectoryConfig } from '../../core/identity/directory-config';
import { DirectoryUnavailable, unreachableReason } from '../../core/identity/directory-client';
import { auditEvent, writeAudit } from '../../core/audit';
import { AppError, bizError } from '../../lib/errors';
import { nextTurn } from '../../lib/next-turn';
import { MINUTE, isoAfter, nowIso } from '../../lib/time';
import { readDirectory } from './directory-read';
import { planSync, type SyncPlan } from './sync-plan';
import * as repo from './directory-sync.repository';
import { mobileLookups } from '../../core/identity/account-mobile';

const LEASE_MS = 2 * MINUTE;
const BATCH = 200;
const NOT_CONFIGURED = '未配置目录服务（OA_LDAP_URL、OA_LDAP_USER_BASE）';

export interface SyncRequest {
  kind: 'preview' | 'apply';
  trigger: 'manual' | 'schedule';
  /** who asked (null: the schedule) */
  userCode: string | null;
  ip: string | null;
}

const configOf = (ctx: AppContext): DirectoryConfig => {
  if (!ctx.config.directory) throw bizError(NOT_CONFIGURED);
  return ctx.config.directory;
};

/** The plan of a sync from the directory as it is now and the local rows (reads only). */
async function plan(ctx: AppContext, cfg: DirectoryConfig): Promise<SyncPlan> {
  const dir = await readDirectory(cfg);
  const [users, depts] = [await repo.linkedUsers(ctx.db), await repo.linkedDepts(ctx.db)];
  const linked = new Set(users.map((u) => u.user_code));
  const logins = [...new Set(dir.people.map((p) => p.login).filter((l) => l && !linked.has(l)))];
  const local = {
    users: new Map(users.map((u) => [u.user_code, u])),
    localCodes: await repo.existingUserCodes(ctx.db, logins),
    mobileOwners: await repo.mobileHolders(
      ctx.db,
      mobileLookups(ctx.fieldKeys, [...new Set(dir.people.map((p) => p.mobile).filter(Boolean))]),
    ),
    depts: new Map(depts.map((d) => [d.dir_key, d])),
    deptParent: cfg.deptParent,
  };
  await nextTurn();
  const p = planSync(dir.people, dir.depts, local);
  if (dir.people.length === 0 && users.some((u) => u.present === 'Y'))
    throw bizError('目录未返回任何人员：为防止误停用全部目录账号，本次未执行（请检查 OA_LDAP_USER_BASE、OA_LDAP_USER_FILTER）');
  return p;
}

/** Applies a plan in batches of one transaction each (with its audit row), yielding between batches. */
async function apply(ctx: AppContext, p: SyncPlan, req: SyncRequest, renew: () => Promise<void>): Promise<void> {
  const at = nowIso();
  const steps: Array<{ what: string; code: string; run: (trx: AppContext['db']) => Promise<void> }> = [
    ...p.deptCreates.map((d) => ({ what: 'createDept', code: d.dept_code, run: (t: AppContext['db']) => repo.insertDept(t, d, at) })),
    ...p.deptUpdates.map((d) => ({ what: 'updateDept', code: d.dept_code, run: (t: AppContext['db']) => repo.updateDept(t, d) })),
    ...p.userCreates.map((u) => ({
      what: 'createUser',
      code: u.user_code,
      run: (t: AppContext['db']) => repo.insertDirectoryUser(t, u, at),
    })),
    ...p.userEnables.map((c) => ({ what: 'enableUser', code: c, run: (t: AppContext['db']) => repo.enableDirectoryUser(t, c, at) })),
    ...[...p.userUpdates, ...p.userSeen.map((s) => ({ ...s, values: {} }))].map((u) => ({
      what: Object.keys(u.values).length ? 'updateUser' : 'seen',
      code: u.user_code,
      run: (t: AppContext['db']) => repo.updateDirectoryUser(t, u, at),
    })),
    ...p.userDisables.map((c) => ({ what: 'disableUser', code: c, run: (t: AppContext['db']) => repo.disableDirectoryUser(t, c, at) })),
  ];
  for (let i = 0; i < steps.length; i += BATCH) {
    const batch = steps.slice(i, i + BATCH);
    await ctx.db.transaction().execute(async (trx) => {
      for (const s of batch) await s.run(trx);
      if (i + BATCH >= steps.length) await repo.markDeptsPresent(trx, p.deptKeys, at);
      const changed = batch.filter((s) => s.what !== 'seen').map((s) => `${s.what}:${s.code}`);
      if (changed.length)
        await writeAudit(trx, null, { action: 'directory.apply', result: 'ok', userCode: req.userCode, ip: req.ip, detail: { changed } });
    });
    await renew();
    await nextTurn();
  }
  if (!steps.length) await repo.markDeptsPresent(ctx.db, p.deptKeys, at);
}

const answerOf = (runId: number, p: SyncPlan): SyncAnswer => ({
  runId,
  counts: p.counts,
  changes: p.changes.slice(0, SYNC_CHANGES_SHOWN),
  truncated: p.changes.length > SYNC_CHANGES_SHOWN,
});

const holderId = () => `${os.hostname().slice(0, 30)}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * A dry run ('preview': reads the directory and lists what a sync would change, writes nothing but its run row) or a
 * sync ('apply'). A sync holds the lease for its whole length, so of two asked at once — here or on another instance
 * — one runs and the other is refused (null for the schedule, which simply waits for its next turn). Each run is
 * kept in the history and audited.
 */
export async function runSync(ctx: AppContext, req: SyncRequest): Promise<SyncAnswer | null> {
  const cfg = configOf(ctx);
  const holder = holderId();
  if (req.kind === 'apply' && !(await repo.claimLease(ctx.db, holder, nowIso(), isoAfter(LEASE_MS)))) {
    if (req.trigger === 'schedule') return null;
    throw bizError('另一次目录同步正在进行，请稍后再试');
  }
  const renew = () => repo.renewLease(ctx.db, holder, isoAfter(LEASE_MS));
  const timer = req.kind === 'apply' ? setInterval(() => void renew().catch(() => undefined), LEASE_MS / 3) : null;
  timer?.unref();
  const runId = await repo.insertRun(ctx.db, { kind: req.kind, trigger: req.trigger, user_code: req.userCode, started_at: nowIso() });
  // the run as an event: a preview changes nothing; a sync's changes are audited batch by batch in their transactions
  const audit = (result: 'ok' | 'fail', detail: unknown) =>
    auditEvent(ctx.db, null, { action: `directory.${req.kind}`, target: req.trigger, result, userCode: req.userCode, ip: req.ip, detail });
  try {
    const p = await plan(ctx, cfg);
    if (req.kind === 'apply') await apply(ctx, p, req, renew);
    await repo.finishRun(ctx.db, runId, { status: 'ok', counts: JSON.stringify(p.counts), message: null, at: nowIso() });
    await audit('ok', { runId, counts: p.counts });
    return answerOf(runId, p);
  } catch (e) {
    // the directory's refusals (an LDAP result code) and ours are told as they are; anything else is a fault of ours
    const told = e instanceof DirectoryUnavailable || e instanceof AppError;
    const ldapRefusal = !told && typeof (e as { code?: unknown }).code === 'number';
    const message = told ? (e as Error).message : `目录同步失败：${ldapRefusal ? unreachableReason(e) : '服务器内部错误，详见服务日志'}`;
    await repo.finishRun(ctx.db, runId, { status: 'failed', counts: null, message, at: nowIso() });
    const cause = e instanceof DirectoryUnavailable ? e.cause : told ? undefined : e;
    await audit('fail', { runId, message, cause: cause instanceof Error ? cause.message : undefined });
    if (!told && !ldapRefusal) throw e;
    throw bizError(message);
  } finally {
    if (timer) clearInterval(timer);
    if (req.kind === 'apply') await repo.releaseLease(ctx.db, holder);
  }
}

const RUNS_SHOWN = 30;

/** The page's state: the configuration without secrets, whether a sync runs, the newest runs. */
export async function directoryState(ctx: AppContext): Promise<DirectoryState> {
  const c = ctx.config.directory;
  const runs = await repo.recentRuns(ctx.db, RUNS_SHOWN);
  return {
    configured: !!c,
    url: c?.url ?? null,
    startTls: c?.startTls ?? false,
    bindDn: c?.bindDn ?? null,
    userBase: c?.userBase ?? null,
    userFilter: c?.userFilter ?? null,
    attrs: c?.attrs ?? null,
    deptBase: c?.deptBase ?? null,
    syncMinutes: c?.syncMinutes ?? 0,
    running: await repo.leaseHeld(ctx.db, nowIso()),
    runs: runs.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      trigger: r.trigger,
      userName: r.user_name ?? null,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      status: r.status,
      counts: r.counts ? JSON.parse(r.counts) : null,
      message: r.message,
    })),
  };
}
