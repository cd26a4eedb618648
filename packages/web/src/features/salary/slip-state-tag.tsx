import { Tag } from 'antd';
import type { MySalarySlip } from '@oa/shared/contract/salary';

/** Where the person is with a slip: 已确认, 已查看 or 未查看. */
export function SlipStateTag({ s }: { s: Pick<MySalarySlip, 'readAt' | 'confirmedAt'> }) {
  if (s.confirmedAt) return <Tag color="green">已确认</Tag>;
  return s.readAt ? <Tag color="blue">已查看</Tag> : <Tag color="orange">未查看</Tag>;
}
