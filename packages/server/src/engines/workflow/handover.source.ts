import type { AppContext } from '../../core/context';
import { registerHandoverSource } from '../../core/ports/handover-port';
import { chinaDate } from '@oa/shared/format/china-time';
import * as repo from './handover.repository';

/**
 * In a definition's body, every fixed assignee list (`{ kind: 'users', userCodes }`), every initiator-picks
 * candidate list and the process administrators (`adminUserCodes`, who get a step nobody else can take) naming
 * `from` name `to` instead (once). Returns the new body, or null when nothing names `from`.
 */
export function replaceFixedUser(body: unknown, from: string, to: string): unknown {
  let changed = false;
  const swap = (codes: unknown) => {
    if (!Array.isArray(codes) || !codes.includes(from)) return codes;
    changed = true;
    return [...new Set(codes.map((c) => (c === from ? to : c)))];
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    if (o.kind === 'users') o.userCodes = swap(o.userCodes);
    if (o.kind === 'initiatorPicks') o.candidates = swap(o.candidates);
    if ('adminUserCodes' in o) o.adminUserCodes = swap(o.adminUserCodes);
    return o;
  };
  const out = walk(body);
  return changed ? out : null;
}

const STATUS = { draft: '草稿', published: '已发布', archived: '已归档' } as const;

/** The workflow engine's kinds of the hand-over port: tasks, CC copies, delegations, fixed approvers. */
export function registerWorkflowHandover(ctx: AppContext): void {
  registerHandoverSource(ctx, {
    kind: 'task',
    async list(db, userCode, limit) {
      const rows = await repo.openTasksOf(db, userCode, limit);
      return rows.map((r) => ({ id: r.id, title: r.title, detail: `${r.serial_no} · ${r.node_name}` }));
    },
    move: (trx, m) => repo.moveTasks(trx, m),
  });
  registerHandoverSource(ctx, {
    kind: 'cc',
    async list(db, userCode, limit) {
      const rows = await repo.unreadCcOf(db, userCode, limit);
      return rows.map((r) => ({ id: r.id, title: r.title, detail: `${r.serial_no} · ${r.node_name}` }));
    },
    move: (trx, m) => repo.moveCc(trx, m.from, m.to),
  });
  registerHandoverSource(ctx, {
    kind: 'delegation',
    async list(db, userCode, limit) {
      const rows = await repo.deputyOf(db, userCode, chinaDate(new Date()), limit);
      return rows.map((r) => ({ id: r.id, title: `代理 ${r.user_name ?? r.user_code} 审批`, detail: `${r.start_date} 至 ${r.end_date}` }));
    },
    move: (trx, m) => repo.moveDeputy(trx, m, chinaDate(new Date(m.at))),
  });
  registerHandoverSource(ctx, {
    kind: 'processRole',
    async list(db, userCode, limit) {
      const rows = await repo.definitionsNaming(db, userCode);
      return rows
        .filter((r) => replaceFixedUser(JSON.parse(r.body), userCode, userCode) !== null)
        .slice(0, limit)
        .map((r) => ({ id: r.id, title: r.name, detail: `第 ${r.version} 版 · ${STATUS[r.status]}` }));
    },
    async move(trx, m) {
      let n = 0;
      for (const r of await repo.definitionsNaming(trx, m.from)) {
        const next = replaceFixedUser(JSON.parse(r.body), m.from, m.to);
        if (next && (await repo.setDefinitionBody(trx, r.id, JSON.stringify(next), r.body, m.at))) n += 1;
      }
      return n;
    },
  });
}
