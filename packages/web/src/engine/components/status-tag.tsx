import { Tag } from 'antd';
import { STATUS_COLORS, STATUS_LABELS, type RecordStatus } from '@oa/shared/modules/define-module';

export function StatusTag({ status }: { status: string }) {
  const s = status as RecordStatus;
  return (
    <Tag color={STATUS_COLORS[s] ?? 'default'} data-testid="record-status">
      {STATUS_LABELS[s] ?? status}
    </Tag>
  );
}
