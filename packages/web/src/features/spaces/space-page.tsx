import { useState } from 'react';
import { Button, Card, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { CommentOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SPACE_META } from '@oa/shared/contract/spaces';
import { formatTime } from '@oa/shared/format/time';
import { useTabRoute } from '../../lib/tab-route';
import { useSession } from '../../state/session.store';
import { kindOfPath, spacesApi } from './spaces.api';
import { TopicEditDrawer } from './topic-edit-drawer';
import { actionLink } from '../../lib/action-link';

/** /publicSubject, /share, /deptsubject and their /list pages: the topics of one space that I may see. */
export default function SpacePage() {
  const { path } = useTabRoute();
  const kind = kindOfPath(path);
  const meta = SPACE_META[kind];
  const navigate = useNavigate();
  const qc = useQueryClient();
  const myDept = useSession((s) => s.user?.deptCode ?? null);
  const [q, setQ] = useState({ pageNumber: 1, pageSize: 10, keyword: '', mine: 'N' as 'Y' | 'N' });
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: ['spaces', kind, q], queryFn: () => spacesApi.list({ kind, ...q, keyword: q.keyword || undefined }) });
  return (
    <div className="oa-page" data-testid={`space-${kind}`}>
      <Card
        variant="borderless"
        title={meta.title}
        extra={
          <Space>
            <Segmented
              value={q.mine}
              onChange={(mine) => setQ((x) => ({ ...x, mine: mine as 'Y' | 'N', pageNumber: 1 }))}
              options={[
                { value: 'N', label: '全部' },
                { value: 'Y', label: '我发起的' },
              ]}
            />
            <Input.Search
              allowClear
              placeholder="标题"
              aria-label="标题"
              style={{ width: 200 }}
              onSearch={(keyword) => setQ((x) => ({ ...x, keyword, pageNumber: 1 }))}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="topic-new">
              新建{meta.topicLabel}
            </Button>
          </Space>
        }
      >
        <List
          itemLayout="vertical"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description={`暂无${meta.topicLabel}`} /> }}
          pagination={{
            current: q.pageNumber,
            pageSize: q.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageNumber) => setQ((x) => ({ ...x, pageNumber })),
          }}
          renderItem={(t) => (
            <List.Item
              key={t.id}
              extra={<Typography.Text type="secondary">{formatTime(t.lastPostAt, '{y}-{m}-{d} {h}:{i}')}</Typography.Text>}
              actions={[
                <span key="p">
                  <CommentOutlined /> {t.postCount}
                </span>,
                <span key="f">
                  <PaperClipOutlined /> {t.fileCount}
                </span>,
              ]}
            >
              <List.Item.Meta
                title={
                  <a {...actionLink(() => void navigate(`${meta.base}/view?id=${t.id}`), 'link')} data-testid="topic-link">
                    {t.title}
                  </a>
                }
                description={
                  <Space>
                    <span>{t.authorName}</span>
                    <span>{t.deptName}</span>
                    {t.scope === 'all' ? <Tag color="green">全体人员</Tag> : <Tag color="orange">指定范围</Tag>}
                  </Space>
                }
              />
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {t.summary}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      </Card>
      <TopicEditDrawer
        kind={kind}
        topic={null}
        open={creating}
        myDept={myDept}
        onClose={() => setCreating(false)}
        onSaved={(id) => {
          setCreating(false);
          void qc.invalidateQueries({ queryKey: ['spaces'] });
          void navigate(`${meta.base}/view?id=${id}`);
        }}
      />
    </div>
  );
}
