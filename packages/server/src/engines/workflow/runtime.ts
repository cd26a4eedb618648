import { lifecycleOf } from '../../core/ports/workflow-port';
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import { indexNodes } from '@oa/shared/workflow/tree';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Rt } from './engine';
import { loadDirectory } from './directory.repository';
import { Effects } from './notify';
import type { EventBus } from '../../core/event-bus';
import { definitionRow, findInstance, lockInstance } from './runtime.repository';

/** What the workflow services need beyond the app context: the live event bus. */
export interface WfDeps {
  ctx: AppContext;
  bus: EventBus | null;
  /** the client of the action being run (set per request by the routes; absent for the system's own actions) */
  origin?: { ip: string | null };
}

const bodies = new Map<string, ProcessDefinition>();
export async function definitionBody(db: Db, id: string): Promise<ProcessDefinition> {
  const hit = bodies.get(id);
  if (hit) return hit;
  const row = await definitionRow(db, id);
  if (!row) throw notFound('流程定义不存在');
  const def = JSON.parse(row.body) as ProcessDefinition;
  // Published and archived versions never change: cache them.
  if (row.status !== 'draft') bodies.set(id, def);
  return def;
}

/** Locks the instance (serialising actions on it) and loads everything an action needs. */
export async function loadRt(trx: Db, fx: Effects, instanceId: string, opts: { lock?: boolean } = {}): Promise<Rt> {
  if (opts.lock !== false && !(await lockInstance(trx, instanceId))) throw notFound('流程实例不存在');
  const inst = await findInstance(trx, instanceId);
  if (!inst) throw notFound('流程实例不存在');
  const def = await definitionBody(trx, inst.definition_id);
  return {
    trx,
    now: nowIso(),
    inst,
    def,
    index: indexNodes(def),
    dir: await loadDirectory(trx),
    fx,
    form: JSON.parse(inst.form) as Record<string, unknown>,
    picks: JSON.parse(inst.picks) as Record<string, string[]>,
    ended: null,
  };
}

/** Runs one action in one transaction; tells the records engine when the instance left 'running'; publishes after commit. */
export async function inTransaction<T>(deps: WfDeps, fn: (trx: Db, fx: Effects) => Promise<T>): Promise<T> {
  const fx = new Effects(deps.bus);
  const out = await deps.ctx.db.transaction().execute((trx) => fn(trx, fx));
  fx.flush();
  return out;
}

export async function reportOutcome(deps: WfDeps, rt: Rt): Promise<void> {
  const owner = lifecycleOf(deps.ctx, rt.inst.module_code);
  if (rt.ended) {
    await owner.onOutcome(rt.trx, {
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
      outcome: rt.ended,
      instanceId: rt.inst.id,
    });
  }
}

export const ensureRunning = (rt: Rt): void => {
  if (rt.inst.status !== 'running') throw bizError(`流程${rt.inst.status === 'approved' ? '已通过' : '已结束'}，不能再操作`);
};
