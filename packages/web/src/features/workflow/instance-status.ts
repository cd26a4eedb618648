import type { InstanceSummary } from '@oa/shared/contract/workflow';

export const INSTANCE_STATUS: Record<InstanceSummary['status'], { color: string; text: string }> = {
  running: { color: 'processing', text: '审批中' },
  approved: { color: 'success', text: '已通过' },
  rejected: { color: 'error', text: '已驳回' },
  returned: { color: 'warning', text: '已退回' },
  withdrawn: { color: 'default', text: '已撤回' },
  terminated: { color: 'error', text: '已终止' },
};

/** 90061000 → '1天1小时1分' */
export function durationText(ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  if (d) return `${d}天${h}小时`;
  if (h) return `${h}小时${m}分`;
  return `${m}分钟`;
}
