import { Tag } from 'antd';
import { DOC_STATUS_COLORS, DOC_STATUS_LABELS, type DocStatus } from '@oa/shared/contract/documents';

export function DocStatusTag({ status, overdue }: { status: DocStatus; overdue?: boolean }) {
  return (
    <>
      <Tag color={DOC_STATUS_COLORS[status]}>{DOC_STATUS_LABELS[status]}</Tag>
      {overdue ? <Tag color="red">超期</Tag> : null}
    </>
  );
}
