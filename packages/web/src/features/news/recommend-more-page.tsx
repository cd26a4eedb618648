import { useState } from 'react';
import { Card, Empty, List, Segmented, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RECOMMEND_STATES, RECOMMEND_TARGETS } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { newsApi } from './news.api';
import { actionLink } from '../../lib/action-link';

/** /recommendMore: recommended articles (front page or upward) with their state, paged. */
export default function RecommendMorePage() {
  const navigate = useNavigate();
  const [q, setQ] = useState({ pageNumber: 1, pageSize: 15, target: undefined as string | undefined });
  const list = useQuery({ queryKey: ['news', 'recommended', q], queryFn: () => newsApi.recommended(q) });
  return (
    <div className="oa-page" data-testid="recommend-more">
      <Card
        variant="borderless"
        title="推荐信息"
        extra={
          <Segmented
            value={q.target ?? ''}
            onChange={(v) => setQ((x) => ({ ...x, target: (v as string) || undefined, pageNumber: 1 }))}
            options={[{ value: '', label: '全部' }, ...Object.entries(RECOMMEND_TARGETS).map(([value, label]) => ({ value, label }))]}
          />
        }
      >
        <List
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无推荐信息" /> }}
          pagination={{
            current: q.pageNumber,
            pageSize: q.pageSize,
            total: list.data?.total ?? 0,
            onChange: (pageNumber) => setQ((x) => ({ ...x, pageNumber })),
          }}
          renderItem={(a) => (
            <List.Item
              key={a.id}
              extra={<Typography.Text type="secondary">{a.publishedAt ? formatTime(a.publishedAt, '{y}-{m}-{d}') : ''}</Typography.Text>}
            >
              <List.Item.Meta
                title={<a {...actionLink(() => void navigate(`/information/view?id=${a.id}`), 'link')}>{a.title}</a>}
                description={
                  a.recommend ? (
                    <Space>
                      <Tag color="gold">{RECOMMEND_TARGETS[a.recommend.target as keyof typeof RECOMMEND_TARGETS]}</Tag>
                      <Tag color="blue">{RECOMMEND_STATES[a.recommend.state as keyof typeof RECOMMEND_STATES]}</Tag>
                      <span>推荐人：{a.recommend.byName}</span>
                      <span>{a.deptName}</span>
                    </Space>
                  ) : null
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
