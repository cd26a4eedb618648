import { Card, Empty, List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatTime } from '@oa/shared/format/time';
import { ArticleCover } from './article-cover';
import { latestNewsQuery } from './news-home-query';
import { actionLink } from '../../lib/action-link';

/** 最新资讯 (首页 tab): the latest published articles of the columns the user may read, with their covers. */
export function NewsHomeWidget() {
  const navigate = useNavigate();
  const q = useQuery(latestNewsQuery);
  return (
    <Card
      size="small"
      title="最新资讯"
      extra={<a {...actionLink(() => void navigate('/informationMore'), 'link')}>更多</a>}
      data-testid="news-home-widget"
    >
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无资讯" /> }}
        renderItem={(a) => (
          <List.Item
            key={a.id}
            extra={<Typography.Text type="secondary">{a.publishedAt ? formatTime(a.publishedAt, '{m}-{d}') : ''}</Typography.Text>}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0, flex: 1 }}>
              <ArticleCover fileId={a.coverFile} width={64} height={36} style={{ borderRadius: 4 }} />
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {a.isTop === 'Y' ? <Tag color="red">置顶</Tag> : <Tag>{a.columnName}</Tag>}
                <a {...actionLink(() => void navigate(`/information/view?id=${a.id}`), 'link')}>{a.title}</a>
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
