import { Card, Empty, List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SPACE_META } from '@oa/shared/contract/spaces';
import { formatTime } from '@oa/shared/format/time';
import { spacesApi } from './spaces.api';
import { actionLink } from '../../lib/action-link';

/** 协作空间 (协同 tab): the latest topics of the three spaces visible to me. */
export function SpacesHomeWidget() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['spaces', 'latest'], queryFn: () => spacesApi.latest(8) });
  return (
    <Card size="small" title="协作空间" data-testid="spaces-home-widget">
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无主题" /> }}
        renderItem={(t) => (
          <List.Item key={t.id} extra={<Typography.Text type="secondary">{formatTime(t.lastPostAt, '{m}-{d}')}</Typography.Text>}>
            <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
              <Tag>{SPACE_META[t.kind].title}</Tag>
              <a {...actionLink(() => void navigate(`${SPACE_META[t.kind].base}/view?id=${t.id}`), 'link')}>{t.title}</a>
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
