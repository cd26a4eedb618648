import type { InstanceRow } from './runtime.repository';

/**
 * The one rule of who may withdraw a process: its initiator, while it runs and nobody has acted. The
 * withdraw action refuses by it, and every 撤回 button (the instance view's actions, 我的申请, the
 * records' and documents' pages through the port's `mayWithdraw`) is shown by it.
 */
export function withdrawRefusal(inst: Pick<InstanceRow, 'status' | 'initiator' | 'acted'>, userCode: string): string | null {
  if (inst.status !== 'running') return '该申请不在审批中';
  if (inst.initiator !== userCode) return '只有发起人可以撤回';
  if (inst.acted === 'Y') return '已有审批人处理，不能撤回';
  return null;
}
