import type { Db } from '../../db/database';
import type { AppContext } from '../context';

/**
 * The supervision area's port for the workflow engine (issue 38): a step's task that stays open past its
 * 督办时限 raises a 督办 task to the assignee's department leader. The engine never imports the area; the
 * area registers its function here when its routes register, and the engine calls it inside the
 * transaction that claims the task's one 督办.
 */
export interface OverdueStep {
  instanceId: string;
  title: string;
  serialNo: string;
  nodeName: string;
  /** the assignee (user code) and their name, department and the leader who supervises */
  assignee: string;
  assigneeName: string;
  deptCode: string;
  leader: string;
  limitHours: number;
  openedAt: string;
}

export type RaiseOverdue = (trx: Db, step: OverdueStep, now: Date) => Promise<void>;

declare module '../context' {
  interface AppContext {
    raiseOverdue?: RaiseOverdue;
  }
}

/** Registers (or replaces) the function that raises a 督办 for an overdue step. */
export function registerOverdueSupervision(ctx: AppContext, raise: RaiseOverdue): void {
  ctx.raiseOverdue = raise;
}

export const overdueSupervision = (ctx: Pick<AppContext, 'raiseOverdue'>): RaiseOverdue | null => ctx.raiseOverdue ?? null;
