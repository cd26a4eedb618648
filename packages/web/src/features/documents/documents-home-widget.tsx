import { Card, Empty, List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PREVIEW_ROUTE } from '@oa/shared/contract/document-routes';
import { fmtTime } from '../../engine/components/record-columns';
import { docsApi } from './documents.api';
import { actionLink } from '../../lib/action-link';

/** 待阅公文 (home tab 协同): documents distributed to me that I have not read yet. */
export function DocumentsHomeWidget() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['documents', 'toRead'], queryFn: () => docsApi.toRead(true, 6) });
  return (
    <Card
      size="small"
      title={<>待阅公文 {q.data?.total ? <Tag color="orange">{q.data.total}</Tag> : null}</>}
      extra={<a {...actionLink(() => navigate('/process?tab=toRead'), 'link')}>更多</a>}
      data-testid="documents-widget"
    >
      {!q.isLoading && !q.data?.list.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待阅公文" />
      ) : (
        <List
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          renderItem={(r) => (
            <List.Item onClick={() => navigate(`${PREVIEW_ROUTE[r.scope][r.kind]}?id=${r.docId}`)} style={{ cursor: 'pointer' }}>
              <List.Item.Meta title={r.title} description={`${r.docNo ?? ''} ${fmtTime(r.createdAt)}`} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
