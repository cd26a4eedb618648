import type { FastifyRequest } from 'fastify';
import { writeAudit, type Trx } from '../../core/audit';
import type { Db } from '../../db/database';
import type { WfDeps } from './runtime';

/** Where a workflow action came from (the route passes it down; the services never see the request). */
export const fromRequest = (deps: WfDeps, req: FastifyRequest): WfDeps => ({ ...deps, origin: { ip: req.ip } });

/**
 * One audit row per workflow action (approve, reject, return, transfer, add-sign, withdraw, urge,
 * comment, terminate, reassign, and the system's automatic decisions), written in the action's own
 * transaction: an action that rolls back leaves no row, one that commits always has its row.
 */
export async function auditAction(
  trx: Db,
  deps: WfDeps,
  e: { action: string; actor: string; instanceId: string; moduleCode: string; recordId: string; detail?: Record<string, unknown> },
): Promise<void> {
  // the engine's transaction travels through ports typed `Db`: checked here instead of by the type
  if (!trx.isTransaction) throw new Error("auditAction needs the workflow action's transaction");
  await writeAudit(trx as Trx, null, {
    action: `workflow.${e.action}`,
    result: 'ok',
    userCode: e.actor,
    ip: deps.origin?.ip ?? null,
    target: `${e.moduleCode}/${e.recordId}`,
    detail: { instanceId: e.instanceId, ...e.detail },
  });
}
