import { Alert, Card, Descriptions, Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { eventModule } from '@oa/shared/modules/event.module';
import { processApi } from '../../engine/process.api';
import { RecordPreviewBody } from '../../engine/components/record-preview-body';
import { fmtTime } from '../../engine/components/record-columns';

/** 重大事项审批 (/eventApprovalDetail?id=): the matter with every node's opinion, as the minutes of its decision. */
export default function EventApprovalDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const view = useQuery({
    queryKey: ['records', 'oa_event', 'process', id, 'detail'],
    queryFn: () => processApi.view('oa_event', id),
    enabled: !!id,
  });
  if (!id)
    return (
      <div className="oa-page">
        <Alert type="info" showIcon message="请从重大事项列表或待办中打开一条重大事项" />
      </div>
    );
  const opinions = (view.data?.history ?? []).filter((h) => ['approve', 'reject', 'return', 'comment', 'autoApprove'].includes(h.action));
  return (
    <div className="oa-page" data-testid="event-approval-detail">
      <Card variant="borderless" title="审批意见汇总">
        {opinions.length ? (
          <Descriptions bordered size="small" column={1} styles={{ label: { width: 200 } }}>
            {opinions.map((h) => (
              <Descriptions.Item key={h.id} label={h.nodeName ?? '审批'}>
                <Typography.Text strong>{h.actorLabel}</Typography.Text>：{h.comment || (h.action === 'approve' ? '同意' : '')}
                <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                  {fmtTime(h.createdAt)}
                </Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Empty description="尚无审批意见" />
        )}
        {view.data?.history.length ? (
          <Timeline
            style={{ marginTop: 16 }}
            items={view.data.history.map((h) => ({
              children: `${fmtTime(h.createdAt)} ${h.nodeName ?? ''} ${h.actorLabel} ${h.comment ?? ''}`,
            }))}
          />
        ) : null}
      </Card>
      <Card variant="borderless" style={{ marginTop: 12 }}>
        <RecordPreviewBody m={eventModule} id={id} />
      </Card>
    </div>
  );
}
